import { AppError } from '../../http/errors.ts';

/** Unknown topic, or one in a project the caller cannot see (never 403: no existence leak). */
export class TopicNotFoundError extends AppError {
  constructor(detail?: string) {
    super('TOPIC_NOT_FOUND', 404, { detail });
  }
}

export class CommentNotFoundError extends AppError {
  constructor(detail?: string) {
    super('COMMENT_NOT_FOUND', 404, { detail });
  }
}

export class AssigneeNotMemberError extends AppError {
  constructor() {
    super('TOPIC_ASSIGNEE_NOT_MEMBER', 400);
  }
}

export class TopicTypeUnknownError extends AppError {
  constructor() {
    super('TOPIC_TYPE_UNKNOWN', 400);
  }
}

export class SnapshotInvalidError extends AppError {
  constructor(detail?: string) {
    super('VIEWPOINT_SNAPSHOT_INVALID', 400, { detail });
  }
}

/** Not a zip, no markup, broken XML, entities: a clear 400, never a 5xx. */
export class BcfFileInvalidError extends AppError {
  constructor(detail: string) {
    super('BCF_FILE_INVALID', 400, { detail });
  }
}

/** The body or its uncompressed content passes the caps (zip bombs stop here). */
export class BcfFileTooLargeError extends AppError {
  constructor(detail: string) {
    super('BCF_FILE_TOO_LARGE', 413, { detail });
  }
}

export class BcfTooManyTopicsError extends AppError {
  constructor(detail: string) {
    super('BCF_TOO_MANY_TOPICS', 413, { detail });
  }
}
