/**
 * Typed conversion errors. `code` is stable (the server maps it to a user-facing text and a job
 * status reason); `message` is a human explanation in English for logs and the "failed" reason.
 */
export type ConversionErrorCode =
  | 'UNSUPPORTED_FORMAT'
  | 'EMPTY_FILE'
  | 'MALFORMED_FILE'
  | 'TOO_LARGE'
  | 'NO_GEOMETRY'
  | 'ABORTED'
  | 'DRAWING_DAMAGED'
  | 'NO_PAGES'
  | 'NO_ENTITIES';

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

/** A drawing (DWG, DXF, PDF) that is cut off or damaged: its reader could not read it whole. */
export class DrawingDamagedError extends ConversionError {
  constructor(message = 'The drawing is damaged or incomplete.', options?: { cause?: unknown }) {
    super('DRAWING_DAMAGED', message, options);
    this.name = 'DrawingDamagedError';
  }
}

/** A PDF without a single page. */
export class NoPagesError extends ConversionError {
  constructor(message = 'The PDF has no pages.') {
    super('NO_PAGES', message);
    this.name = 'NoPagesError';
  }
}

/** A DXF or DWG with nothing to draw in model space or any layout. */
export class NoEntitiesError extends ConversionError {
  constructor(message = 'The drawing has nothing to draw in model space or any layout.') {
    super('NO_ENTITIES', message);
    this.name = 'NoEntitiesError';
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
