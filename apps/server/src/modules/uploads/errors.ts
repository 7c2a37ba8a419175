import { AppError } from '../../http/errors.ts';

export class UnsupportedFormatError extends AppError {
  constructor(detail?: string) {
    super('UNSUPPORTED_FORMAT', 415, { detail });
  }
}

export class TooManyUploadsError extends AppError {
  constructor() {
    super('TOO_MANY_UPLOADS', 429, { headers: { 'retry-after': '5' } });
  }
}

export class UploadNotFoundError extends AppError {
  constructor(detail?: string) {
    super('UPLOAD_NOT_FOUND', 404, { detail });
  }
}

export class MergeFailedError extends AppError {
  constructor(cause: unknown) {
    super('MERGE_FAILED', 500, { detail: 'finishing the upload failed', cause });
  }
}
