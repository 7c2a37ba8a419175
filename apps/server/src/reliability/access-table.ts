import { SWEEP_QUERY, type Role, type World } from './fixture.ts';
import type { Fresh } from './fresh.ts';

/**
 * Expected outcome of one role's well-formed request:
 * - allow: past authorization (2xx, or a 4xx other than 401/403/404 such as 400, 409, 410, 429);
 * - deny: 401, 403 or 404 (404 where existence itself is hidden);
 * - any: not judged (the reason is in the row's `note`); still never 5xx.
 * 429 (a rate limit) satisfies both: it refuses without telling anything.
 */
export type Outcome = 'allow' | 'deny' | 'any';

export interface Declaration {
  expect: Record<Role, Outcome>;
  /** Acts on rows (or a session) it removes: each call gets its own (see fresh.ts). */
  fresh?: Fresh;
  /** A body in place of the schema-valid sample. */
  body?: (world: World, params: Record<string, string>) => unknown;
  note?: string;
}

const DENIED = new Set([401, 403, 404]);

/** Why `status` does not match `outcome`, or null when it does. */
export function judge(outcome: Outcome, status: number): string | null {
  if (status >= 500) return `server error ${status}`;
  if (status === 429) return null;
  if (outcome === 'deny' && !DENIED.has(status)) return `expected 401/403/404, got ${status}`;
  if (outcome === 'allow' && DENIED.has(status)) return `expected to pass, got ${status}`;
  return null;
}

type Who = Partial<Record<Role, Outcome>>;
const roles = (base: Outcome, who: Who = {}): Record<Role, Outcome> => ({
  anonymous: base,
  outsider: base,
  visitor: base,
  guest: base,
  member: base,
  admin: base,
  owner: base,
  ...who,
});

/** Anyone, signed in or not (sign-up, sign-in, health, plans, payment notifications). */
const PUBLIC = roles('allow');
/** Any signed-in account, about itself; no bearer token: 401. */
const SIGNED_IN = roles('allow', { anonymous: 'deny', visitor: 'deny' });
/** Members of the project (any role, guests too); others do not learn it exists. */
const PROJECT_VIEW = roles('deny', {
  guest: 'allow',
  member: 'allow',
  admin: 'allow',
  owner: 'allow',
});
/** The project's team: every role but guest (member list, uploads, shares, BCF export). */
const TEAM = roles('deny', { member: 'allow', admin: 'allow', owner: 'allow' });
/** Owner and admins. */
const PROJECT_MANAGE = roles('deny', { admin: 'allow', owner: 'allow' });
/** The owner alone. */
const PROJECT_OWNER = roles('deny', { owner: 'allow' });
/** Whoever holds the share link and has unlocked its code (members need the code too). */
const SHARE_UNLOCKED = roles('deny', { visitor: 'allow' });
/** The share link's public page: anyone with the link. */
const SHARE_LINK = PUBLIC;
/** The creator of the row (the member in the world) and the project's owner and admins. */
const AUTHOR_OR_MANAGER = roles('deny', { member: 'allow', admin: 'allow', owner: 'allow' });

/**
 * One row per operation of the OpenAPI document ("METHOD /path" as the document spells it). A
 * new route fails the sweep until its row is added here.
 */
export const ACCESS: Record<string, Declaration> = {
  // health and docs
  'GET /api/health': { expect: PUBLIC },
  'GET /api/health/live': { expect: PUBLIC },
  'GET /api/health/ready': { expect: PUBLIC },
  // sign-up and sign-in: anyone; the bodies carry the proof
  'POST /api/auth/check-email': { expect: PUBLIC },
  'POST /api/auth/signup': { expect: PUBLIC },
  'POST /api/auth/verify-email/resend': { expect: PUBLIC },
  'POST /api/auth/verify-email': { expect: PUBLIC },
  'POST /api/auth/login': { expect: roles('any'), note: 'a wrong password is 401 by design' },
  'POST /api/auth/code/send': {
    expect: roles('any'),
    note: 'an address without a verified account is refused (403) by design',
  },
  'POST /api/auth/code/verify': { expect: roles('any'), note: 'a wrong code is 401 by design' },
  'POST /api/auth/password/forgot': { expect: PUBLIC },
  'POST /api/auth/password/reset': { expect: roles('any'), note: 'a bad token is 4xx by design' },
  'POST /api/auth/logout-all': { expect: SIGNED_IN, fresh: 'session' },
  'POST /api/auth/refresh': { expect: roles('any'), note: 'a bad refresh token is 401 by design' },
  'POST /api/auth/logout': {
    expect: roles('any', {
      outsider: 'allow',
      guest: 'allow',
      member: 'allow',
      admin: 'allow',
      owner: 'allow',
    }),
    fresh: 'session',
    note: 'without a bearer token the refresh token in the body is the proof',
  },
  'GET /api/auth/providers': { expect: PUBLIC },
  'POST /api/auth/oauth/{provider}/start': {
    expect: roles('any'),
    note: 'providers are off in tests (404 PROVIDER_UNAVAILABLE for everyone)',
  },
  'POST /api/auth/oauth/callback': { expect: roles('any'), note: 'the state cookie is the proof' },
  'GET /api/events': { expect: SIGNED_IN },
  // plans and payments
  'GET /api/subscription/plans': { expect: PUBLIC },
  'GET /api/user/subscription': { expect: SIGNED_IN },
  'POST /api/user/subscription': {
    expect: roles('any', { anonymous: 'deny', visitor: 'deny' }),
    note: 'confirms a paid order of the caller; the world has none to confirm (404)',
  },
  'POST /api/orders/create': { expect: SIGNED_IN },
  'POST /api/sales/contact': { expect: SIGNED_IN },
  'GET /api/orders': { expect: SIGNED_IN },
  'GET /api/orders/{id}': { expect: roles('deny', { owner: 'allow' }) },
  'POST /api/orders/{id}/check': { expect: roles('deny', { owner: 'allow' }) },
  'POST /api/orders/{id}/cancel': { expect: roles('deny', { owner: 'allow' }) },
  'POST /api/payments/wechat/notify': {
    expect: roles('any'),
    note: 'the provider signature is the proof',
  },
  'POST /api/payments/alipay/notify': {
    expect: roles('any'),
    note: 'the provider signature is the proof',
  },
  // the account
  'GET /api/user/profile': { expect: SIGNED_IN },
  'PUT /api/user/profile': { expect: SIGNED_IN },
  'POST /api/user/avatar': { expect: SIGNED_IN },
  'DELETE /api/user/avatar': { expect: SIGNED_IN },
  'GET /api/avatars/{userId}/{file}': {
    expect: roles('any'),
    note: 'public by unguessable URL; the world has no avatar (404 for all)',
  },
  'GET /api/user/preferences': { expect: SIGNED_IN },
  'PUT /api/user/preferences': { expect: SIGNED_IN },
  'GET /api/user/notifications': { expect: SIGNED_IN },
  'PUT /api/user/notifications': { expect: SIGNED_IN },
  'POST /api/user/password': { expect: SIGNED_IN, fresh: 'session' },
  'POST /api/user/email': {
    expect: SIGNED_IN,
    note: 'every account in the world has an email: 409 EMAIL_ALREADY_SET',
  },
  'POST /api/user/email/verify': {
    expect: SIGNED_IN,
    note: 'every account in the world has an email: 409 EMAIL_ALREADY_SET',
  },
  'GET /api/user/connectors': { expect: SIGNED_IN },
  'DELETE /api/user/connectors/{provider}': {
    expect: roles('any', { anonymous: 'deny', visitor: 'deny' }),
    note: 'nobody in the world linked a provider (404 not linked)',
  },
  'GET /api/user/deletion-preview': { expect: SIGNED_IN },
  'DELETE /api/user': {
    expect: SIGNED_IN,
    fresh: 'session',
    note: 'the sampled confirmation is not the account email: 400 for the signed in',
  },
  // projects
  'GET /api/project': { expect: SIGNED_IN },
  'POST /api/project': { expect: SIGNED_IN },
  'GET /api/project/{id}': { expect: PROJECT_VIEW },
  'PUT /api/project/{id}': { expect: PROJECT_MANAGE },
  'DELETE /api/project/{id}': { expect: PROJECT_OWNER, fresh: 'project' },
  'PUT /api/project/{id}/preferences': { expect: PROJECT_VIEW },
  // members and invitations
  'GET /api/project/{id}/members': { expect: TEAM, note: 'guests: 403 MEMBER_LIST_HIDDEN' },
  'POST /api/project/{id}/invitations': { expect: PROJECT_MANAGE },
  'POST /api/project/{id}/invitations/{invitationId}/resend': {
    expect: PROJECT_MANAGE,
    fresh: 'invitation',
  },
  'DELETE /api/project/{id}/invitations/{invitationId}': {
    expect: PROJECT_MANAGE,
    fresh: 'invitation',
  },
  'PUT /api/project/{id}/members/{memberId}': { expect: PROJECT_MANAGE, fresh: 'membership' },
  'DELETE /api/project/{id}/members/{memberId}': { expect: PROJECT_MANAGE, fresh: 'membership' },
  'GET /api/invitations/{token}': { expect: PUBLIC, note: 'the link is the proof' },
  'POST /api/invitations/{token}/accept': {
    expect: roles('deny'),
    fresh: 'invitation',
    note: 'the link is the proof: an unknown link is refused for everyone (members tests cover use)',
  },
  'POST /api/invitations/{token}/decline': {
    expect: roles('any'),
    fresh: 'invitation',
    note: 'sign-in optional: the link is the proof; an unknown link (members tests cover use)',
  },
  'GET /api/user/invitations': { expect: SIGNED_IN },
  'POST /api/user/invitations/{invitationId}/accept': {
    expect: roles('deny', { owner: 'any', admin: 'any', member: 'any' }),
    fresh: 'invitation',
    note: 'only the invited address; the world invites an address nobody here owns',
  },
  'POST /api/user/invitations/{invitationId}/decline': {
    expect: roles('deny', { owner: 'any', admin: 'any', member: 'any' }),
    fresh: 'invitation',
    note: 'only the invited address; the world invites an address nobody here owns',
  },
  // dev outbox: loopback clients in tests
  'GET /api/dev/mail': { expect: PUBLIC, note: 'DEV_ROUTES=loopback: the test client is local' },
  'DELETE /api/dev/mail': { expect: PUBLIC, note: 'DEV_ROUTES=loopback: the test client is local' },
  'GET /api/dev/payments/orders': { expect: PUBLIC, note: 'sandbox dev routes, loopback' },
  'POST /api/dev/payments/reconcile': { expect: PUBLIC, note: 'sandbox dev routes, loopback' },
  'POST /api/dev/payments/{orderId}/pay': {
    expect: roles('any'),
    note: 'sandbox dev route, loopback; paying an already paid order is refused',
  },
  // models
  'GET /api/project/{id}/models': { expect: PROJECT_VIEW },
  'GET /api/project/{id}/storage': { expect: PROJECT_VIEW },
  'GET /api/models/{id}': { expect: PROJECT_VIEW },
  'PUT /api/models/{id}': { expect: PROJECT_MANAGE, note: 'the member did not upload it' },
  'DELETE /api/models/{id}': { expect: PROJECT_MANAGE, fresh: 'model' },
  'POST /api/models/{id}/move': { expect: PROJECT_MANAGE, fresh: 'model' },
  'POST /api/models/{id}/restore': { expect: PROJECT_MANAGE, fresh: 'model' },
  'DELETE /api/models/{id}/permanent': { expect: PROJECT_MANAGE, fresh: 'model' },
  'GET /api/models/{id}/original': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/viewable.glb': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/metadata.json': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/thumbnail.png': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/chunks/{chunk}': { expect: PROJECT_VIEW },
  // a drawing's sheets (the world's one-page PDF)
  'GET /api/models/{id}/sheets': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/sheets/source.pdf': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/sheets/{sheetId}/content': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/sheets/{sheetId}/text': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/sheets/{sheetId}/preview.png': { expect: PROJECT_VIEW },
  // an IFC model's storey plans ([] for the world's model, which is not an IFC)
  'GET /api/models/{id}/plans': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions/{versionId}': { expect: PROJECT_VIEW },
  'PUT /api/models/{id}/versions/{versionId}': {
    expect: PROJECT_MANAGE,
    note: 'the member did not upload the model',
  },
  'POST /api/models/{id}/versions/{versionId}/current': {
    expect: PROJECT_MANAGE,
    note: 'the member did not upload the model',
  },
  'DELETE /api/models/{id}/versions/{versionId}': {
    expect: PROJECT_MANAGE,
    fresh: 'modelVersion',
    note: 'a later, failed version (the current one is refused with 409)',
  },
  'GET /api/models/{id}/versions/{versionId}/original': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions/{versionId}/viewable.glb': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions/{versionId}/metadata.json': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions/{versionId}/thumbnail.png': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions/{versionId}/chunks/{chunk}': { expect: PROJECT_VIEW },
  // a drawing version's sheets (the overlay compare): the world's drawing's version 1
  'GET /api/models/{id}/versions/{versionId}/sheets': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions/{versionId}/sheets/source.pdf': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions/{versionId}/sheets/{sheetId}/content': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions/{versionId}/sheets/{sheetId}/text': { expect: PROJECT_VIEW },
  'GET /api/models/{id}/versions/{versionId}/sheets/{sheetId}/preview.png': {
    expect: PROJECT_VIEW,
  },
  // uploads (tus): the owner's upload in the world
  'POST /api/uploads': { expect: TEAM },
  'OPTIONS /api/uploads': { expect: PUBLIC, note: 'CORS preflight' },
  'HEAD /api/uploads/{id}': { expect: PROJECT_OWNER, note: 'an upload is its uploader’s' },
  'PATCH /api/uploads/{id}': { expect: PROJECT_OWNER },
  'DELETE /api/uploads/{id}': { expect: PROJECT_OWNER, fresh: 'upload' },
  'OPTIONS /api/uploads/{id}': { expect: PUBLIC, note: 'CORS preflight' },
  'POST /api/uploads/{id}': {
    expect: { ...PROJECT_OWNER, owner: 'any' },
    note: 'after the PATCH above the upload was refused by format (gone: 404 for its owner too)',
  },
  // shares (management)
  'POST /api/shares': { expect: TEAM },
  'GET /api/shares': { expect: SIGNED_IN },
  'GET /api/shares/{id}': { expect: PROJECT_MANAGE, note: 'its creator (owner) or managers' },
  'PATCH /api/shares/{id}': {
    expect: PROJECT_MANAGE,
    // Not the sampled { type: 'public' }: the world's share must stay code-protected.
    body: () => ({ allowComments: true }),
  },
  'DELETE /api/shares/{id}': { expect: PROJECT_MANAGE, fresh: 'share' },
  // shares (the link)
  'GET /api/share/{token}': { expect: SHARE_LINK },
  'POST /api/share/{token}/verify': { expect: SHARE_LINK },
  'GET /api/share/{token}/viewable.glb': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/metadata.json': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/thumbnail.png': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/chunks/{chunk}': { expect: SHARE_UNLOCKED },
  // a shared drawing's sheets: the world's code share of its one-page PDF (same code, unlocked)
  'GET /api/share/{token}/sheets': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/sheets/source.pdf': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/sheets/{sheetId}/content': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/sheets/{sheetId}/text': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/sheets/{sheetId}/preview.png': { expect: SHARE_UNLOCKED },
  // a shared IFC model's storey plans ([] for the world's shared drawing, which is not an IFC)
  'GET /api/share/{token}/plans': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/original': {
    expect: roles('deny'),
    note: 'the sweep share is a code share: downloads are off unless the share allows them',
  },
  'GET /api/share/{token}/topics': { expect: SHARE_UNLOCKED },
  'POST /api/share/{token}/topics': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/topics/{topicId}': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/topics/{topicId}/comments': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/topics/{topicId}/viewpoints/{viewpointId}': { expect: SHARE_UNLOCKED },
  'PATCH /api/share/{token}/topics/{topicId}': {
    expect: SHARE_UNLOCKED,
    body: () => ({ priority: 'High', authorName: 'Visitor' }),
  },
  'POST /api/share/{token}/topics/{topicId}/comments': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/topics/{topicId}/attachments': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/attachments/{attachmentId}': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/attachments/{attachmentId}/thumbnail': { expect: SHARE_UNLOCKED },
  'POST /api/share/{token}/topics/{topicId}/attachments': {
    expect: SHARE_UNLOCKED,
    note: 'Issue Editing: the sweep sends no file, the visitor gets 400 ATTACHMENT_EMPTY, past authorization',
  },
  'DELETE /api/share/{token}/attachments/{attachmentId}': {
    expect: SHARE_UNLOCKED,
    fresh: 'visitorAttachment',
    note: 'the visitor deletes a file they attached through the share (same share, same address)',
  },
  'GET /api/share/{token}/viewpoints/{viewpointId}/snapshot': {
    expect: roles('any'),
    note: 'the world has no viewpoint snapshot (404 for all)',
  },
  'GET /api/share/{token}/events': { expect: SHARE_UNLOCKED },
  'GET /api/share/{token}/views': { expect: SHARE_UNLOCKED },
  // saved views: members list and save; renaming and deleting are the author's or a manager's
  'GET /api/models/{id}/views': { expect: PROJECT_VIEW },
  'POST /api/models/{id}/views': {
    expect: PROJECT_VIEW,
    // The schema sampler cannot satisfy the view's base64url pattern.
    body: () => ({ name: 'Sweep view', state: 'eyJjIjpbMCwwLDBdfQ' }),
  },
  'PATCH /api/models/{id}/views/{viewId}': { expect: AUTHOR_OR_MANAGER },
  'DELETE /api/models/{id}/views/{viewId}': { expect: AUTHOR_OR_MANAGER, fresh: 'savedView' },
  // version comparison: members of the project (from/to: the world model's only version)
  'GET /api/models/{id}/diff': { expect: PROJECT_VIEW },
  // property queries: members query and export every model of the project, and save queries;
  // changing and deleting a saved query is its author's or a manager's
  'POST /api/project/{id}/elements/query': {
    expect: PROJECT_VIEW,
    body: () => ({ where: SWEEP_QUERY }),
  },
  'POST /api/project/{id}/elements/export': {
    expect: PROJECT_VIEW,
    body: () => ({ where: SWEEP_QUERY, format: 'xlsx' }),
  },
  'GET /api/project/{id}/queries': { expect: PROJECT_VIEW },
  'POST /api/project/{id}/queries': {
    expect: PROJECT_VIEW,
    body: () => ({ name: 'Sweep query', where: SWEEP_QUERY }),
  },
  'PATCH /api/project/{id}/queries/{queryId}': { expect: AUTHOR_OR_MANAGER },
  'DELETE /api/project/{id}/queries/{queryId}': { expect: AUTHOR_OR_MANAGER, fresh: 'savedQuery' },
  // topics
  'GET /api/project/{id}/topics': { expect: PROJECT_VIEW },
  'GET /api/project/{id}/topics/report': { expect: PROJECT_VIEW },
  'GET /api/project/{id}/topic-counts': { expect: PROJECT_VIEW },
  'POST /api/project/{id}/topics': { expect: PROJECT_VIEW },
  'GET /api/project/{id}/topic-types': { expect: PROJECT_VIEW },
  'POST /api/project/{id}/topic-types': { expect: PROJECT_MANAGE },
  'GET /api/topics/{id}': { expect: PROJECT_VIEW },
  'PATCH /api/topics/{id}': { expect: AUTHOR_OR_MANAGER },
  'DELETE /api/topics/{id}': { expect: AUTHOR_OR_MANAGER, fresh: 'topic' },
  'GET /api/topics/{id}/comments': { expect: PROJECT_VIEW },
  'GET /api/topics/{id}/viewpoints/{viewpointId}': { expect: PROJECT_VIEW },
  'POST /api/topics/{id}/comments': { expect: PROJECT_VIEW },
  'POST /api/topics/{id}/attachments': {
    expect: PROJECT_VIEW,
    note: 'the sweep sends no file: members get 400 ATTACHMENT_EMPTY, past authorization',
  },
  'GET /api/topics/{id}/attachments': { expect: PROJECT_VIEW },
  'GET /api/attachments/{id}': { expect: PROJECT_VIEW },
  'GET /api/attachments/{id}/thumbnail': { expect: PROJECT_VIEW },
  'DELETE /api/attachments/{id}': { expect: AUTHOR_OR_MANAGER, fresh: 'attachment' },
  'PATCH /api/comments/{id}': { expect: AUTHOR_OR_MANAGER },
  'DELETE /api/comments/{id}': { expect: AUTHOR_OR_MANAGER, fresh: 'comment' },
  'GET /api/viewpoints/{id}/snapshot': {
    expect: roles('any', { anonymous: 'deny', visitor: 'deny', outsider: 'deny' }),
    note: 'the world has no viewpoint snapshot (404 for members too)',
  },
  'POST /api/project/{id}/bcf': {
    expect: { ...PROJECT_VIEW, outsider: 'any' },
    note: 'the body is read before access: a non-BCF body is 400 for the outsider too',
  },
  'GET /api/project/{id}/bcf': { expect: TEAM, note: 'BCF names authors by address' },
};
