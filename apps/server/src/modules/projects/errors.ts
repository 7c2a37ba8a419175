import { AppError } from '../../http/errors.ts';

/** Also what a non-member gets for a project that exists: it may not learn that it does. */
export class ProjectNotFoundError extends AppError {
  constructor() {
    super('PROJECT_NOT_FOUND', 404);
  }
}

/** The owner's plan allows no more owned projects (nothing is deleted after a downgrade). */
export class ProjectLimitExceededError extends AppError {
  constructor(limit: number) {
    super('PROJECT_LIMIT_EXCEEDED', 403, { detail: `projects owned: limit ${limit}` });
  }
}

export class DefaultProjectUndeletableError extends AppError {
  constructor() {
    super('DEFAULT_PROJECT_UNDELETABLE', 403);
  }
}
