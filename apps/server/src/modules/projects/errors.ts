import { AppError } from '../../http/errors.ts';

export class ProjectNotFoundError extends AppError {
  constructor() {
    super('PROJECT_NOT_FOUND', 404);
  }
}
