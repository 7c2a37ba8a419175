import { AppError } from '../../http/errors.ts';

export class MemberNotFoundError extends AppError {
  constructor() {
    super('MEMBER_NOT_FOUND', 404);
  }
}

/** A guest asked for the member list: guests never see who else is in a project. */
export class MemberListHiddenError extends AppError {
  constructor() {
    super('MEMBER_LIST_HIDDEN', 403);
  }
}

export class InvitationNotFoundError extends AppError {
  constructor() {
    super('INVITATION_NOT_FOUND', 404);
  }
}

/** An invitation link that is unknown (404) or expired, used or cancelled (410). */
export class InvitationInvalidError extends AppError {
  constructor(statusCode: 404 | 410, detail?: string) {
    super('INVITATION_INVALID', statusCode, { detail });
  }
}

export class InvitePermissionDeniedError extends AppError {
  constructor() {
    super('INVITE_PERMISSION_DENIED', 403);
  }
}

export class CreatorCannotLeaveError extends AppError {
  constructor() {
    super('CREATOR_CANNOT_LEAVE', 403);
  }
}

export class NoValidEmailError extends AppError {
  constructor() {
    super('NO_VALID_EMAIL', 400);
  }
}

export class InvitationMailFailedError extends AppError {
  constructor(cause: unknown) {
    super('INVITATION_MAIL_FAILED', 502, { cause, detail: 'sending the invitation mail failed' });
  }
}

/** The project owner's plan allows no more members; pending invitations count as members. */
export class MemberLimitExceededError extends AppError {
  constructor(limit: number) {
    super('MEMBER_LIMIT_EXCEEDED', 403, { detail: `members per project: limit ${limit}` });
  }
}
