import { AppError } from '../../http/errors.ts';

export class ModelNotFoundError extends AppError {
  constructor(detail?: string) {
    super('MODEL_NOT_FOUND', 404, { detail });
  }
}

export class ModelNotReadyError extends AppError {
  constructor() {
    super('MODEL_NOT_READY', 409);
  }
}

export class ModelNotInTrashError extends AppError {
  constructor() {
    super('MODEL_NOT_IN_TRASH', 409);
  }
}

export class ModelLimitExceededError extends AppError {
  constructor() {
    super('MODEL_LIMIT_EXCEEDED', 403);
  }
}

export class StorageLimitExceededError extends AppError {
  constructor(detail?: string) {
    super('STORAGE_LIMIT_EXCEEDED', 413, { detail });
  }
}

export class VersionNotFoundError extends AppError {
  constructor(detail?: string) {
    super('VERSION_NOT_FOUND', 404, { detail });
  }
}

export class VersionIsCurrentError extends AppError {
  constructor() {
    super('VERSION_IS_CURRENT', 409);
  }
}

export class VersionNotReadyError extends AppError {
  constructor() {
    super('VERSION_NOT_READY', 409);
  }
}
