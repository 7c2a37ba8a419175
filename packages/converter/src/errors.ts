/**
 * Typed conversion errors. `code` is stable (the server maps it to a user-facing text and a job
 * status reason); `message` is a human explanation in English for logs and the "failed" reason.
 */
export type ConversionErrorCode =
  'UNSUPPORTED_FORMAT' | 'EMPTY_FILE' | 'MALFORMED_FILE' | 'TOO_LARGE' | 'NO_GEOMETRY' | 'ABORTED';

export class ConversionError extends Error {
  readonly code: ConversionErrorCode;

  constructor(code: ConversionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConversionError';
    this.code = code;
  }
}

export class UnsupportedFormatError extends ConversionError {
  constructor(message = 'The file is not in a supported 3D or BIM format.') {
    super('UNSUPPORTED_FORMAT', message);
    this.name = 'UnsupportedFormatError';
  }
}

export class EmptyFileError extends ConversionError {
  constructor(message = 'The file is empty.') {
    super('EMPTY_FILE', message);
    this.name = 'EmptyFileError';
  }
}

export class MalformedFileError extends ConversionError {
  constructor(reason: string, options?: { cause?: unknown }) {
    super('MALFORMED_FILE', reason, options);
    this.name = 'MalformedFileError';
  }
}

export class TooLargeError extends ConversionError {
  constructor(message: string) {
    super('TOO_LARGE', message);
    this.name = 'TooLargeError';
  }
}

export class NoGeometryError extends ConversionError {
  constructor(message = 'The file contains no visible geometry.') {
    super('NO_GEOMETRY', message);
    this.name = 'NoGeometryError';
  }
}

export class AbortedError extends ConversionError {
  constructor(message = 'The conversion was cancelled.') {
    super('ABORTED', message);
    this.name = 'AbortedError';
  }
}

export function isConversionError(error: unknown): error is ConversionError {
  return error instanceof ConversionError;
}

/** Wraps a parser's exception as MALFORMED_FILE unless it is already a typed error. */
export function asConversionError(error: unknown, what: string): ConversionError {
  if (error instanceof ConversionError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new MalformedFileError(`${what} could not be read: ${detail}`.slice(0, 500), {
    cause: error,
  });
}
