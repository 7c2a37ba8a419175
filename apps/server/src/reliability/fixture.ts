import type { Model, Share } from '@truss/contracts';
import { fakeConvert } from '../testing/fake-convert.ts';
import { grantPaidPlan } from '../testing/paid-plan.ts';
import { addMember, createTeam, type Team, type TestUser } from '../testing/project-team.ts';
import { createShare, readyModel } from '../testing/share-fixture.ts';
import { startTestServer, type ApiOptions, type TestServer } from '../testing/test-server.ts';

/** A property query every role may send (the sampler cannot build a meaningful one). */
export const SWEEP_QUERY = { all: [{ field: 'type', op: '=', value: 'IfcDoor' }] };

/** Who calls: the seven standings of the authorization sweep. */
export const ROLES = [
  'anonymous',
  'outsider',
  'visitor',
  'guest',
  'member',
  'admin',
  'owner',
] as const;
export type Role = (typeof ROLES)[number];

const SHARE_CODE = '4821';

/** The share routes of a drawing's sheets and a model's plans: the world's drawing share. */
const DRAWING_SHARE_PATH = /^\/api\/share\/\{token\}\/(sheets|plans)/;

/** Rows the sweep and the fuzzer point their requests at, all in one project. */
export interface World {
  server: TestServer;
  team: Team;
  /** A guest of the team's project (no member list, no uploads, invitations or shares). */
  guest: TestUser;
  model: Model;
  /** A code-protected share of `model` (comments on, issue editing): the visitor unlocked it. */
  share: Share;
  /** The visitor's unlock cookie for `share`. */
  visitorCookie: string;
  /** A code-protected share of the world's drawing (same code): its sheet routes act on it. */
  drawingShare: Share;
  topicId: string;
  commentId: string;
  invitationId: string;
  invitationToken: string;
  /** The member's membership row (the target of member management). */
  memberMembershipId: string;
  orderId: string;
  uploadId: string;
  /** Path parameters by name and URL prefix (the resource a route is about). */
  param(path: string, name: string): string;
  /**
   * Request options of a role: bearer token or the visitor's share cookie (for `path`: the
   * drawing share's routes get the unlock of that share).
   */
  as(role: Role, path?: string): ApiOptions;
  /** Values for body fields that must point at real rows. */
  hints: Record<string, unknown>;
}

async function must<T>(
  server: TestServer,
  method: string,
  path: string,
  options: ApiOptions,
): Promise<T> {
  const res = await server.api<T>(method, path, options);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

export function startWorldServer(): Promise<TestServer> {
  return startTestServer({
    models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
    modelDeps: { convert: fakeConvert },
    // Payments through the local stand-ins of both providers: orders can be created.
    config: { payments: { wechat: null, alipay: null, sandbox: true } },
  });
}

/** An issue on the model with one viewpoint (no snapshot): its route has a real row to answer. */
async function issueWithViewpoint(
  server: TestServer,
  token: string,
  projectId: string,
  modelId: string,
) {
  const view = {
    camera: null,
    clippingPlanes: [],
    lines: [],
    bitmaps: [],
    selection: [{ ifcGuid: '1hOSvn6df7F8_7GcBWlRGQ' }],
    visibility: { defaultVisibility: true, exceptions: [] },
    coloring: [],
  };
  return must<{ id: string; viewpoints: { id: string }[] }>(
    server,
    'POST',
    `/api/project/${projectId}/topics`,
    {
      token,
      body: { kind: 'issue', modelId, title: 'Crack in slab', viewpoints: [view] },
    },
  );
}

/** A comment on the topic and a photo attached to it. */
async function commentWithPhoto(server: TestServer, token: string, topicId: string) {
  const comment = await must<{ id: string }>(server, 'POST', `/api/topics/${topicId}/comments`, {
    token,
    body: { text: 'Seen on level 2' },
  });
  const attachmentId = await attachFile(server, token, topicId, 'photo.png');
  return { comment, attachmentId };
}

/** A code share of the model (comments on, issue editing), unlocked: its cookie. */
async function unlockedShare(server: TestServer, token: string, modelId: string) {
  const share = await createShare(server, token, {
    modelId,
    type: 'password',
    accessCode: SHARE_CODE,
    expiration: 'never',
    allowComments: true,
    issuePermission: 'edit',
  });
  const unlock = await server.api('POST', `/api/share/${share.token}/verify`, {
    body: { code: SHARE_CODE },
  });
  const cookie = (unlock.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie) throw new Error(`share unlock gave no cookie: ${unlock.status}`);
  return { share, cookie };
}

/** Builds the world: a team, a ready model, a code share, a topic with a comment, etc. */
export async function buildWorld(server: TestServer): Promise<World> {
  const team = await createTeam(server);
  const { owner, member } = team;
  const guest = await joinAsGuest(server, team);
  // Pro: the world and the sweep's fresh rows stay inside the plan's limits.
  await grantPaidPlan(server.db, owner.user.id, 'enterprise', server.clock());
  // Chunked (the fake converter's two chunks): the chunk routes act on it.
  const model = await readyModel(server, owner.token, team.project.id, 'chunked-tower.obj');
  // A drawing (the fake converter's one-page PDF): the sheets routes act on it.
  const drawing = await readyModel(server, owner.token, team.project.id, 'plans.pdf');
  const { share, cookie: visitorCookie } = await unlockedShare(server, owner.token, model.id);
  const drawingLink = await unlockedShare(server, owner.token, drawing.id);
  const { share: drawingShare, cookie: drawingCookie } = drawingLink;

  const topic = await issueWithViewpoint(server, member.token, team.project.id, model.id);
  const savedView = await must<{ id: string }>(server, 'POST', `/api/models/${model.id}/views`, {
    token: member.token,
    body: { name: 'Level 2', state: 'eyJjIjpbMCwwLDBdfQ' },
  });
  const savedQuery = await must<{ id: string }>(
    server,
    'POST',
    `/api/project/${team.project.id}/queries`,
    { token: member.token, body: { name: 'Doors', where: SWEEP_QUERY } },
  );
  const { comment, attachmentId } = await commentWithPhoto(server, member.token, topic.id);
  const invitee = `invitee-${Date.now()}@example.com`;
  await must(server, 'POST', `/api/project/${team.project.id}/invitations`, {
    token: owner.token,
    body: { emails: [invitee], role: 'member' },
  });
  const [mail] = await server.mail!.waitFor(invitee, 1);
  const invitationToken = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1] ?? '';
  const invitation = await server.db
    .selectFrom('project_invitations')
    .select('id')
    .where('email', '=', invitee)
    .executeTakeFirstOrThrow();
  const membership = await server.db
    .selectFrom('project_members')
    .select('id')
    .where('project_id', '=', team.project.id)
    .where('user_id', '=', member.user.id)
    .executeTakeFirstOrThrow();
  const order = await must<{ id: string }>(server, 'POST', '/api/orders/create', {
    token: owner.token,
    body: { plan_id: 'enterprise', plan_period: 'yearly', currency: 'CNY' },
  });
  const upload = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${owner.token}`,
      'tus-resumable': '1.0.0',
      'upload-length': '64',
      'upload-metadata': `projectId ${b64(team.project.id)},filename ${b64('slab.obj')}`,
    },
  });
  const uploadId = (upload.headers.get('location') ?? '').split('/').pop() ?? '';
  if (!uploadId) throw new Error(`tus creation failed: ${upload.status} ${await upload.text()}`);

  const byPrefix: [RegExp, Record<string, string>][] = [
    [/^\/api\/project\//, { id: team.project.id }],
    [/^\/api\/models\/\{id\}\/sheets/, { id: drawing.id, sheetId: 'p1' }],
    // Version 1 of the drawing has the drawing's id.
    [
      /^\/api\/models\/\{id\}\/versions\/\{versionId\}\/sheets/,
      { id: drawing.id, versionId: drawing.id, sheetId: 'p1' },
    ],
    [/^\/api\/models\//, { id: model.id }],
    [/^\/api\/shares\//, { id: share.id }],
    [/^\/api\/topics\//, { id: topic.id }],
    [/^\/api\/comments\//, { id: comment.id }],
    [/^\/api\/attachments\//, { id: attachmentId }],
    [/^\/api\/orders\//, { id: order.id }],
    [/^\/api\/uploads\//, { id: uploadId }],
    [/^\/api\/invitations\//, { token: invitationToken }],
    [DRAWING_SHARE_PATH, { token: drawingShare.token, sheetId: 'p1' }],
    [/^\/api\/share\//, { token: share.token }],
    [/^\/api\/avatars\//, { userId: owner.user.id }],
    [/^\/api\/viewpoints\//, { id: '00000000-0000-4000-8000-000000000000' }],
  ];
  const common: Record<string, string> = {
    invitationId: invitation.id,
    memberId: membership.id,
    topicId: topic.id,
    orderId: order.id,
    provider: 'google',
    file: 'avatar.png',
    chunk: '1.glb',
    viewpointId: topic.viewpoints[0]!.id,
    attachmentId,
    viewId: savedView.id,
    queryId: savedQuery.id,
    // Version 1 of the world's model has the model's id.
    versionId: model.id,
  };
  return {
    server,
    team,
    guest,
    model,
    share,
    visitorCookie,
    drawingShare,
    topicId: topic.id,
    commentId: comment.id,
    invitationId: invitation.id,
    invitationToken,
    memberMembershipId: membership.id,
    orderId: order.id,
    uploadId,
    param(path, name) {
      for (const [prefix, values] of byPrefix) {
        if (prefix.test(path) && values[name]) return values[name];
      }
      const value = common[name];
      if (!value) throw new Error(`the sweep has no value for {${name}} in ${path}`);
      return value;
    },
    as(role, path) {
      if (role === 'anonymous') return {};
      if (role === 'visitor') {
        const cookie = path && DRAWING_SHARE_PATH.test(path) ? drawingCookie : visitorCookie;
        return { headers: { cookie } };
      }
      if (role === 'guest') return { token: guest.token };
      return { token: team[role].token };
    },
    hints: {
      modelId: model.id,
      // Version 1 of a model has the model's id: the diff compares it with itself.
      from: model.id,
      to: model.id,
      projectId: team.project.id,
      targetProjectId: team.project.id,
      assigneeId: member.user.id,
      email: `nobody-${Date.now()}@example.com`,
      emails: [`new-${Date.now()}@example.com`],
      code: SHARE_CODE,
    },
  };
}

/** A new account that is a guest of the team's project. */
async function joinAsGuest(server: TestServer, team: Team): Promise<TestUser> {
  const guest = await server.createUser();
  await addMember(server, team.project.id, guest.user.id, 'guest', team.owner.user.id);
  return guest;
}

/** A 1x1 PNG. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Attaches a small photo to a topic (the raw-body upload); returns its id. */
export async function attachFile(
  server: TestServer,
  token: string,
  topicId: string,
  name: string,
): Promise<string> {
  const res = await fetch(
    `${server.url}/api/topics/${topicId}/attachments?${new URLSearchParams({ name })}`,
    { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: PNG_1PX },
  );
  if (res.status !== 201) throw new Error(`attachment failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * A file a share visitor attached through `share` (Issue Editing) with their unlock cookie: the
 * same visitor (share and address) may delete it.
 */
export async function attachFileAsVisitor(
  server: TestServer,
  share: { token: string },
  cookie: string,
  topicId: string,
  name: string,
): Promise<string> {
  const query = new URLSearchParams({ name, authorName: 'Site visitor' });
  const res = await fetch(
    `${server.url}/api/share/${share.token}/topics/${topicId}/attachments?${query}`,
    { method: 'POST', headers: { cookie }, body: PNG_1PX },
  );
  if (res.status !== 201) throw new Error(`visitor attachment: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

function b64(text: string): string {
  return Buffer.from(text).toString('base64');
}
