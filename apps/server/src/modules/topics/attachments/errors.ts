import { AppError } from '../../../http/errors.ts';

export class AttachmentNotFoundError extends AppError {
  constructor(detail?: string) {
    super('ATTACHMENT_NOT_FOUND', 404, { detail });
  }
}

/** Larger than the plan of the project's owner allows for one file. */
export class AttachmentTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super('ATTACHMENT_TOO_LARGE', 413, {
      detail: `over ${maxBytes} bytes`,
      headers: { 'x-attachment-max-bytes': String(maxBytes) },
    });
  }
}

export class AttachmentEmptyError extends AppError {
  constructor() {
    super('ATTACHMENT_EMPTY', 400);
  }
}
