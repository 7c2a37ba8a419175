import { AppError } from '../../http/errors.ts';

/** A version whose viewable is of an older format, without the element table a diff needs. */
export class VersionNotComparableError extends AppError {
  constructor() {
    super('VERSION_NOT_COMPARABLE', 409);
  }
}

/** One of the two versions is still uploading or converting, or its conversion failed. */
export class DiffVersionNotReadyError extends AppError {
  constructor() {
    super('DIFF_VERSION_NOT_READY', 409);
  }
}
