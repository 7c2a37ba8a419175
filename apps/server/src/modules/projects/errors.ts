import { AppError } from '../../http/errors.ts';

/** Also what a non-member gets for a project that exists: it may not learn that it does. */
export class ProjectNotFoundError extends AppError {
  constructor() {
    super('PROJECT_NOT_FOUND', 404);
  }
}

export class DefaultProjectUndeletableError extends AppError {
  constructor() {
    super('DEFAULT_PROJECT_UNDELETABLE', 403);
  }
}
