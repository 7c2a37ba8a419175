import { AppError } from '../../http/errors.ts';

/** A version whose viewable is of an older format, without the element table a diff needs. */
export class VersionNotComparableError extends AppError {
  constructor() {
    super('VERSION_NOT_COMPARABLE', 409);
  }
}

/** Unknown version, or a version of another model. */
export class VersionNotFoundError extends AppError {
  constructor() {
    super('VERSION_NOT_FOUND', 404);
  }
}

/** A version still uploading or converting, or whose conversion failed. */
export class VersionNotReadyError extends AppError {
  constructor() {
    super('VERSION_NOT_READY', 409);
  }
}
