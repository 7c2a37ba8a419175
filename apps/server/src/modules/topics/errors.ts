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

/** A topic of the file (or the whole file) holds more comments than an import takes. */
export class BcfTooManyCommentsError extends AppError {
  constructor(detail: string) {
    super('BCF_TOO_MANY_COMMENTS', 413, { detail });
  }
}

/** Too many viewpoints, or visinfo files too large, in a topic or the whole file. */
export class BcfTooManyViewpointsError extends AppError {
  constructor(detail: string) {
    super('BCF_TOO_MANY_VIEWPOINTS', 413, { detail });
  }
}

export class BcfSnapshotsTooLargeError extends AppError {
  constructor(detail: string) {
    super('BCF_SNAPSHOTS_TOO_LARGE', 413, { detail });
  }
}

/** The file alone is within the caps, but a topic with what it already holds would pass them. */
export class BcfTopicFullError extends AppError {
  constructor(detail: string) {
    super('BCF_TOPIC_FULL', 422, { detail });
  }
}

/** A zip entry inflating past its declared size or the ratio cap: stopped while inflating. */
export class BcfZipBombError extends AppError {
  constructor(detail: string) {
    super('BCF_ZIP_BOMB', 413, { detail });
  }
}

/** DOCTYPE or ENTITY in any XML of the file (XXE, billion laughs): the whole file is refused. */
export class BcfFileUnsafeError extends AppError {
  constructor(detail: string) {
    super('BCF_FILE_UNSAFE', 400, { detail });
  }
}

/** 422: a comment (or its viewpoint) past what one topic may hold, as an import is capped. */
export class TopicFullError extends AppError {
  constructor(detail?: string) {
    super('TOPIC_FULL', 422, { detail });
  }
}

/** A report's filter matches more topics than one report holds (TOPIC_REPORT_MAX). */
export class TopicReportTooLargeError extends AppError {
  constructor(detail: string) {
    super('TOPIC_REPORT_TOO_LARGE', 422, { detail });
  }
}

/** Pin and markup stay as they were once the topic is Closed (reopen it to change them). */
export class TopicClosedError extends AppError {
  constructor() {
    super('TOPIC_CLOSED', 409);
  }
}

/** A pin or markup on a sheet the topic's model does not have (or a topic with no model). */
export class TopicSheetUnknownError extends AppError {
  constructor(detail?: string) {
    super('TOPIC_SHEET_UNKNOWN', 422, { detail });
  }
}
