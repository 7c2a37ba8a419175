import {
  ATTACHMENT_MAX_BYTES,
  SHARE_VISITOR_POSTS_PER_MINUTE,
  type Share,
  type Topic,
  type TopicAttachment,
  type TopicAttachmentList,
  type TopicComment,
  type UserSubscription,
} from '@truss/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShare,
  createShareTeam,
  startShareServer,
  type ShareTeam,
} from '../../../testing/share-fixture.ts';
import type { TestServer } from '../../../testing/test-server.ts';
import { createIssue } from '../test-fixture.ts';

/** A phone-like photo: 1200 x 900 JPEG. */
async function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('topic attachments over HTTP', () => {
  let server: TestServer;
  let team: ShareTeam;
  let issue: Topic;
  let jpeg: Buffer;

  /** The raw-body upload, as the web app sends it. */
  async function upload(
    token: string,
    topicId: string,
    name: string,
    body: Buffer | string | ReadableStream<Uint8Array>,
    options: { type?: string; commentId?: string; headers?: Record<string, string> } = {},
  ) {
    const query = new URLSearchParams({ name });
    if (options.commentId) query.set('commentId', options.commentId);
    const res = await fetch(`${server.url}/api/topics/${topicId}/attachments?${query}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': options.type ?? 'application/octet-stream',
        ...options.headers,
      },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as TopicAttachment & {
        code?: string;
        message?: string;
      },
    };
  }

  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, { headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const storageUsed = async (token: string) =>
    (await server.api<UserSubscription>('GET', '/api/user/subscription', { token })).body.limits
      .storage.current;

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
    issue = await createIssue(server, team.member.token, team.project.id, {
      modelId: team.model.id,
    });
    jpeg = await photo();
  });
  afterAll(() => server?.close());

  it('a member attaches a photo: stored, thumbnailed, counted in the owner storage', async () => {
    const before = await storageUsed(team.owner.token);
    const res = await upload(team.member.token, issue.id, 'IMG_0001.jpg', jpeg, {
      type: 'image/jpeg',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      filename: 'IMG_0001.jpg',
      content_type: 'image/jpeg',
      size_bytes: jpeg.length,
      is_image: true,
      comment_id: null,
      uploader_id: team.member.user.id,
    });
    expect(res.body.thumbnail_url).toBe(`/api/attachments/${res.body.id}/thumbnail`);
    expect(await storageUsed(team.owner.token)).toBe(before + jpeg.length);

    const file = await get(res.body.url, bearer(team.owner.token));
    expect(file.res.status).toBe(200);
    expect(file.res.headers.get('content-type')).toBe('image/jpeg');
    expect(file.res.headers.get('content-disposition')).toMatch(/^inline/);
    expect(file.bytes.equals(jpeg)).toBe(true);

    const thumb = await get(res.body.thumbnail_url!, bearer(team.admin.token));
    expect(thumb.res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 240]);
  });

  it('a PDF is shown inline, other files only as downloads; the list has them all', async () => {
    const pdf = await upload(team.admin.token, issue.id, 'Spec sheet.pdf', PDF, {
      type: 'application/pdf',
    });
    expect(pdf.body).toMatchObject({ content_type: 'application/pdf', is_image: false });
    expect(pdf.body.thumbnail_url).toBeNull();
    const html = await upload(team.admin.token, issue.id, 'page.html', '<script>x()</script>', {
      type: 'text/html',
    });
    expect(html.status).toBe(201);
    const served = await get(html.body.url, bearer(team.member.token));
    expect(served.res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.res.headers.get('x-content-type-options')).toBe('nosniff');
    // a file that claims to be an image but is not one is not shown inline either
    const fake = await upload(team.admin.token, issue.id, 'fake.png', 'not a png', {
      type: 'image/png',
    });
    expect(fake.body).toMatchObject({ content_type: 'application/octet-stream', is_image: false });

    const list = await server.api<TopicAttachmentList>(
      'GET',
      `/api/topics/${issue.id}/attachments`,
      {
        token: team.member.token,
      },
    );
    // (the test clock stands still: all four have one creation time, so no order is checked)
    expect(list.body.attachments.map((a) => a.filename).sort()).toEqual([
      'IMG_0001.jpg',
      'Spec sheet.pdf',
      'fake.png',
      'page.html',
    ]);
    expect(list.body.max_bytes).toBe(ATTACHMENT_MAX_BYTES.free);
  });

  it('refuses non-members (404), empty files and bad names', async () => {
    const out = team.outsider.token;
    expect((await upload(out, issue.id, 'x.jpg', jpeg)).status).toBe(404);
    const list = await server.api('GET', `/api/topics/${issue.id}/attachments`, { token: out });
    expect(list.status).toBe(404);
    const [first] = (
      await server.api<TopicAttachmentList>('GET', `/api/topics/${issue.id}/attachments`, {
        token: team.member.token,
      })
    ).body.attachments;
    expect((await get(first!.url, bearer(out))).res.status).toBe(404);
    expect((await get(first!.url)).res.status).toBe(401);
    expect(
      (await server.api('DELETE', `/api/attachments/${first!.id}`, { token: out })).status,
    ).toBe(404);
    const empty = await upload(team.member.token, issue.id, 'empty.txt', '');
    expect([empty.status, empty.body.code]).toEqual([400, 'ATTACHMENT_EMPTY']);
    const slash = await upload(team.member.token, issue.id, '../etc/passwd', 'x');
    expect(slash.status).toBe(400);
  });

  it('past the plan size per file: 413 ATTACHMENT_TOO_LARGE in the caller language', async () => {
    const before = await storageUsed(team.owner.token);
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES.free + 1, 1);
    const declared = await upload(team.member.token, issue.id, 'big.bin', big, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(declared.status).toBe(413);
    expect(declared.body.code).toBe('ATTACHMENT_TOO_LARGE');
    expect(declared.body.message).toBe('文件超过了当前套餐允许的单个附件大小');
    // a streamed body without a Content-Length is counted as it arrives
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 11; i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const streamed = await upload(team.member.token, issue.id, 'big.bin', stream);
    expect([streamed.status, streamed.body.code]).toEqual([413, 'ATTACHMENT_TOO_LARGE']);
    expect(await storageUsed(team.owner.token)).toBe(before);
  });

  it('share visitors read what their share shows, through the share routes', async () => {
    const comment = await server.api<TopicComment>('POST', `/api/topics/${issue.id}/comments`, {
      token: team.member.token,
      body: { text: 'Photo of the crack' },
    });
    const onComment = await upload(team.member.token, issue.id, 'crack.jpg', jpeg, {
      commentId: comment.body.id,
    });
    expect(onComment.body.comment_id).toBe(comment.body.id);
    // another member may not attach to someone else's comment
    const foreign = await upload(team.admin.token, issue.id, 'x.jpg', jpeg, {
      commentId: comment.body.id,
    });
    expect(foreign.status).toBe(201);
    const notOwn = await server.api<TopicComment>('POST', `/api/topics/${issue.id}/comments`, {
      token: team.owner.token,
      body: { text: 'owner note' },
    });
    const refused = await upload(team.member.token, issue.id, 'x.jpg', jpeg, {
      commentId: notOwn.body.id,
    });
    expect(refused.status).toBe(403);

    const withComments: Share = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: '7d',
      allowComments: true,
      issuePermission: 'view',
    });
    const base = `/api/share/${withComments.token}`;
    const list = await server.api<TopicAttachmentList>(
      'GET',
      `${base}/topics/${issue.id}/attachments`,
    );
    expect(list.status).toBe(200);
    const shown = list.body.attachments.find((a) => a.filename === 'crack.jpg')!;
    expect(shown.url).toBe(`${base}/attachments/${shown.id}`);
    expect(shown.uploader_name).not.toContain('@');
    const file = await get(shown.url);
    expect(file.bytes.equals(jpeg)).toBe(true);
    const thumb = await get(shown.thumbnail_url!);
    expect(thumb.res.headers.get('content-type')).toBe('image/jpeg');

    // without comments the comment's photo is hidden; the topic's own files stay visible
    const noComments = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: '7d',
      allowComments: false,
      issuePermission: 'view',
    });
    const nb = `/api/share/${noComments.token}`;
    const hidden = await server.api<TopicAttachmentList>(
      'GET',
      `${nb}/topics/${issue.id}/attachments`,
    );
    expect(hidden.body.attachments.some((a) => a.comment_id)).toBe(false);
    expect(hidden.body.attachments.length).toBeGreaterThan(0);
    expect((await get(`${nb}/attachments/${shown.id}`)).res.status).toBe(404);

    // a topic on another model is not this share's
    const elsewhere = await createIssue(server, team.member.token, team.project.id, {
      title: 'no model',
    });
    const other = await upload(team.member.token, elsewhere.id, 'o.pdf', PDF);
    expect((await server.api('GET', `${base}/topics/${elsewhere.id}/attachments`)).status).toBe(
      404,
    );
    expect((await get(`${base}/attachments/${other.body.id}`)).res.status).toBe(404);
  });

  it('visitors with Issue Editing attach files to issues, as members do, and delete their own', async () => {
    const visitorUpload = async (
      token: string,
      topicId: string,
      name: string,
      body: Buffer | string,
      options: { type?: string; authorName?: string; headers?: Record<string, string> } = {},
    ) => {
      const query = new URLSearchParams({ name, authorName: options.authorName ?? 'Site visitor' });
      const res = await fetch(
        `${server.url}/api/share/${token}/topics/${topicId}/attachments?${query}`,
        {
          method: 'POST',
          headers: {
            'content-type': options.type ?? 'application/octet-stream',
            ...options.headers,
          },
          body,
        },
      );
      const text = await res.text();
      return {
        status: res.status,
        body: (text ? JSON.parse(text) : null) as TopicAttachment & {
          code?: string;
          message?: string;
        },
      };
    };
    const editing = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: '7d',
      allowComments: false,
      issuePermission: 'edit',
    });
    const viewing = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: '7d',
      allowComments: true,
      issuePermission: 'view',
    });
    const target = await createIssue(server, team.member.token, team.project.id, {
      modelId: team.model.id,
      title: 'Visitor photos',
    });

    // A view-only share may not add files (403), whatever it otherwise allows.
    expect((await visitorUpload(viewing.token, target.id, 'x.jpg', jpeg)).status).toBe(403);

    const before = await storageUsed(team.owner.token);
    const shot = await visitorUpload(editing.token, target.id, 'site.jpg', jpeg, {
      type: 'image/jpeg',
      authorName: 'Wang Gong',
    });
    expect(shot.status).toBe(201);
    expect(shot.body).toMatchObject({
      filename: 'site.jpg',
      content_type: 'image/jpeg',
      is_image: true,
      uploader_id: null,
      uploader_name: 'Wang Gong',
      yours: true,
      url: `/api/share/${editing.token}/attachments/${shot.body.id}`,
    });
    // Counted in the owner's storage, thumbnailed, read back by members and visitors alike.
    expect(await storageUsed(team.owner.token)).toBe(before + jpeg.length);
    const row = await server.db
      .selectFrom('topic_attachments')
      .select(['share_id', 'visitor_key'])
      .where('id', '=', shot.body.id)
      .executeTakeFirstOrThrow();
    expect(row.share_id).toBe(editing.id);
    expect(row.visitor_key).toMatch(/^[\w-]{43}$/);
    expect((await get(shot.body.thumbnail_url!)).res.headers.get('content-type')).toBe(
      'image/jpeg',
    );
    const asMember = await server.api<TopicAttachmentList>(
      'GET',
      `/api/topics/${target.id}/attachments`,
      { token: team.member.token },
    );
    expect(asMember.body.attachments.map((a) => a.uploader_name)).toEqual(['Wang Gong']);

    // Content-type safety as for members: HTML is only ever a download.
    const html = await visitorUpload(editing.token, target.id, 'x.html', '<script>x()</script>', {
      type: 'text/html',
    });
    const served = await get(html.body.url);
    expect(served.res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.res.headers.get('content-security-policy')).toContain('sandbox');

    // The owner's plan's size per file, in the visitor's language; nothing stored.
    const usedBefore = await storageUsed(team.owner.token);
    const big = await visitorUpload(
      editing.token,
      target.id,
      'big.bin',
      Buffer.alloc(ATTACHMENT_MAX_BYTES.free + 1, 1),
      { headers: { 'accept-language': 'zh-CN' } },
    );
    expect([big.status, big.body.code]).toEqual([413, 'ATTACHMENT_TOO_LARGE']);
    expect(big.body.message).toBe('文件超过了当前套餐允许的单个附件大小');
    expect(await storageUsed(team.owner.token)).toBe(usedBefore);

    // The visitor's list marks their own files; the size per file is offered to them.
    const list = await server.api<TopicAttachmentList>(
      'GET',
      `/api/share/${editing.token}/topics/${target.id}/attachments`,
    );
    expect(list.body.max_bytes).toBe(ATTACHMENT_MAX_BYTES.free);
    expect(list.body.attachments.every((a) => a.yours)).toBe(true);
    const viewList = await server.api<TopicAttachmentList>(
      'GET',
      `/api/share/${viewing.token}/topics/${target.id}/attachments`,
    );
    expect(viewList.body.max_bytes).toBe(0);
    expect(viewList.body.attachments.some((a) => a.yours)).toBe(false);

    // A member's file is not the visitor's: 403; another share's visitor: 403 too.
    const members = await upload(team.member.token, target.id, 'member.pdf', PDF);
    const removeAs = (token: string, id: string) =>
      server.api('DELETE', `/api/share/${token}/attachments/${id}`);
    expect((await removeAs(editing.token, members.body.id)).status).toBe(403);
    const otherEditing = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: '7d',
      allowComments: false,
      issuePermission: 'edit',
    });
    expect((await removeAs(otherEditing.token, shot.body.id)).status).toBe(403);
    expect((await removeAs(viewing.token, shot.body.id)).status).toBe(403);
    const usedNow = await storageUsed(team.owner.token);
    expect((await removeAs(editing.token, shot.body.id)).status).toBe(204);
    expect(await storageUsed(team.owner.token)).toBe(usedNow - jpeg.length);
    expect((await get(shot.body.url)).res.status).toBe(404);

    // Comment threads are not issues: visitors add files to issues only.
    const talking = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: '7d',
      allowComments: true,
      issuePermission: 'edit',
    });
    const thread = await server.api<Topic>('POST', `/api/share/${talking.token}/topics`, {
      body: { kind: 'comment', title: 'A thread', authorName: 'Wang Gong' },
    });
    expect(thread.status).toBe(201);
    expect((await visitorUpload(talking.token, thread.body.id, 'x.pdf', PDF)).status).toBe(403);

    // At most SHARE_VISITOR_POSTS_PER_MINUTE files a minute per visitor: then 429, nothing stored.
    let status = 201;
    let sent = 0;
    while (status === 201 && sent < SHARE_VISITOR_POSTS_PER_MINUTE + 2) {
      status = (await visitorUpload(editing.token, target.id, `n${sent}.pdf`, PDF)).status;
      sent += 1;
    }
    expect(status).toBe(429);
    const lastMinute = await server.db
      .selectFrom('topic_attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('share_id', '=', editing.id)
      .executeTakeFirstOrThrow();
    expect(Number(lastMinute.n)).toBe(SHARE_VISITOR_POSTS_PER_MINUTE);
    server.clock.advance(61);
    expect((await visitorUpload(editing.token, target.id, 'later.pdf', PDF)).status).toBe(201);
  });

  it('the uploader or an admin deletes; the bytes leave storage and the usage', async () => {
    const storage = server.app.models.storage;
    const mine = await upload(team.member.token, issue.id, 'mine.pdf', PDF);
    const theirs = await upload(team.owner.token, issue.id, 'owner.pdf', PDF);
    const before = await storageUsed(team.owner.token);
    const denied = await server.api('DELETE', `/api/attachments/${theirs.body.id}`, {
      token: team.member.token,
    });
    expect(denied.status).toBe(403);
    expect(
      (await server.api('DELETE', `/api/attachments/${mine.body.id}`, { token: team.member.token }))
        .status,
    ).toBe(204);
    expect(
      (
        await server.api('DELETE', `/api/attachments/${theirs.body.id}`, {
          token: team.admin.token,
        })
      ).status,
    ).toBe(204);
    expect(await storageUsed(team.owner.token)).toBe(before - 2 * PDF.length);
    expect((await get(mine.body.url, bearer(team.member.token))).res.status).toBe(404);
    const keys = await storage.list(`attachments/${team.project.id}/${issue.id}/`);
    expect(keys.some((key) => key.includes(mine.body.id))).toBe(false);

    // deleting the topic removes every stored file of it
    expect(keys.length).toBeGreaterThan(0);
    const gone = await server.api('DELETE', `/api/topics/${issue.id}`, {
      token: team.member.token,
    });
    expect(gone.status).toBe(204);
    expect(await storage.list(`attachments/${team.project.id}/${issue.id}/`)).toEqual([]);
  });
});
