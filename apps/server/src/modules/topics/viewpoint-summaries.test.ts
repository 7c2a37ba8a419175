import {
  BCF_TOPIC_MAX_COMMENTS,
  BCF_TOPIC_MAX_VIEWPOINTS,
  TOPIC_FOCUS_MAX,
  type Share,
  type Topic,
  type TopicComment,
  type TopicList,
  type TopicWithComments,
  type Viewpoint,
} from '@truss/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShare, createShareTeam, type ShareTeam } from '../../testing/share-fixture.ts';
import { startShareServer } from '../../testing/share-fixture.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import { createIssue, viewpoint } from './test-fixture.ts';

const guid = (i: number) => `${String(i).padStart(4, '0')}Svn6df7F8_7GcBWlRGQ`.slice(0, 22);

/**
 * Topics carry viewpoint summaries (counts, camera, planes, snapshot) and a short focus; a
 * viewpoint's components come from its own route, for members and share visitors alike. Replies
 * stop at the caps an import has (5,000 comments, 200 viewpoints a topic): 422 TOPIC_FULL.
 */
describe(`topics: viewpoint summaries and the topic caps (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;
  let share: Share;

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
    share = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: '7d',
      allowComments: true,
      issuePermission: 'view',
    });
  }, 60_000);
  afterAll(() => server?.close());

  it('detail and list carry counts and a focus; the route gives the components', async () => {
    const selection = Array.from({ length: 250 }, (_, i) => ({ ifcGuid: guid(i) }));
    const topic = await createIssue(server, team.member.token, team.project.id, {
      modelId: team.model.id,
      viewpoints: [
        viewpoint({ selection }),
        viewpoint({
          selection: [],
          visibility: { defaultVisibility: false, exceptions: selection.slice(0, 3) },
          coloring: [],
          snapshotBase64: undefined,
        }),
      ],
    });
    const detail = await server.api<TopicWithComments>('GET', `/api/topics/${topic.id}`, {
      token: team.member.token,
    });
    const list = await server.api<TopicList>(
      'GET',
      `/api/project/${team.project.id}/topics?modelId=${team.model.id}`,
      { token: team.member.token },
    );
    const listed = list.body.topics.find((t) => t.id === topic.id)!;
    for (const seen of [topic, detail.body, listed]) {
      expect(seen.viewpoints.map((vp) => [vp.index, vp.counts, vp.defaultVisibility])).toEqual([
        [0, { selection: 250, exceptions: 0, colored: 1, lines: 0, bitmaps: 0 }, true],
        [1, { selection: 0, exceptions: 3, colored: 0, lines: 0, bitmaps: 0 }, false],
      ]);
      expect(seen.viewpoints[0]).not.toHaveProperty('selection');
      expect(seen.viewpoints[0]!.camera?.fieldOfView).toBe(60);
      expect(seen.viewpoints[0]!.clippingPlanes).toHaveLength(1);
      expect(seen.viewpoints[0]!.snapshot_url).toBe(
        `/api/viewpoints/${seen.viewpoints[0]!.id}/snapshot`,
      );
      expect(seen.viewpoints[1]!.snapshot_url).toBeNull();
      // The first viewpoint's selection, cut at TOPIC_FOCUS_MAX, in order.
      expect(seen.focus).toEqual(selection.slice(0, TOPIC_FOCUS_MAX));
    }

    const [first, second] = detail.body.viewpoints;
    const whole = await server.api<Viewpoint>(
      'GET',
      `/api/topics/${topic.id}/viewpoints/${first!.id}`,
      { token: team.admin.token },
    );
    expect(whole.status).toBe(200);
    expect(whole.body.selection).toEqual(selection);
    expect(whole.body).toMatchObject({
      id: first!.id,
      guid: first!.guid,
      index: 0,
      snapshot_url: first!.snapshot_url,
      coloring: [{ color: 'FF00FF00', components: [{ ifcGuid: '1hOSvn6df7F8_7GcBWlRGQ' }] }],
    });
    const hidden = await server.api<Viewpoint>(
      'GET',
      `/api/topics/${topic.id}/viewpoints/${second!.id}`,
      { token: team.member.token },
    );
    expect(hidden.body.visibility).toEqual({
      defaultVisibility: false,
      exceptions: selection.slice(0, 3),
    });

    // Hidden from outsiders; a viewpoint asked through another topic does not exist.
    const outsider = await server.api('GET', `/api/topics/${topic.id}/viewpoints/${first!.id}`, {
      token: team.outsider.token,
    });
    expect(outsider.status).toBe(404);
    const other = await createIssue(server, team.member.token, team.project.id, {
      modelId: team.model.id,
    });
    const crossed = await server.api('GET', `/api/topics/${other.id}/viewpoints/${first!.id}`, {
      token: team.member.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect([crossed.status, crossed.body.code]).toEqual([404, 'TOPIC_NOT_FOUND']);
    expect(other.viewpoints).toEqual([]);
    expect(other.focus).toEqual([]);

    // The share visitor's twin: the same components, snapshot URLs under the share.
    const visitor = await server.api<Viewpoint>(
      'GET',
      `/api/share/${share.token}/topics/${topic.id}/viewpoints/${first!.id}`,
    );
    expect(visitor.status).toBe(200);
    expect(visitor.body.selection).toEqual(selection);
    expect(visitor.body.snapshot_url).toBe(
      `/api/share/${share.token}/viewpoints/${first!.id}/snapshot`,
    );
    const visitorDetail = await server.api<TopicWithComments>(
      'GET',
      `/api/share/${share.token}/topics/${topic.id}`,
    );
    expect(visitorDetail.body.viewpoints[0]!.counts.selection).toBe(250);
    expect(visitorDetail.body.focus).toHaveLength(TOPIC_FOCUS_MAX);
    // A topic of another model is not the share's.
    const elsewhere = await createIssue(server, team.member.token, team.project.id, {
      viewpoints: [viewpoint()],
    });
    const foreign = await server.api(
      'GET',
      `/api/share/${share.token}/topics/${elsewhere.id}/viewpoints/${elsewhere.viewpoints[0]!.id}`,
    );
    expect(foreign.status).toBe(404);
  });

  it('a reply past 5,000 comments or 200 viewpoints answers 422 TOPIC_FULL, in both languages', async () => {
    const topic = await createIssue(server, team.member.token, team.project.id, {
      modelId: team.model.id,
    });
    // The topic is filled in SQL up to one comment (and one viewpoint) below the caps.
    await sql`
      INSERT INTO topic_comments (topic_id, guid, author_name, text, created_at)
      SELECT ${topic.id}::uuid, 'filled-' || n, 'Old', 'comment ' || n,
             timestamptz '2020-01-01' + n * interval '1 second'
      FROM generate_series(1, ${BCF_TOPIC_MAX_COMMENTS - 2}) AS n`.execute(server.db);
    await sql`
      INSERT INTO topic_viewpoints (topic_id, guid, position, visibility, created_at)
      SELECT ${topic.id}::uuid, 'filled-' || n, n,
             '{"defaultVisibility": true, "exceptions": []}'::jsonb, now()
      FROM generate_series(1, ${BCF_TOPIC_MAX_VIEWPOINTS - 1}) AS n`.execute(server.db);
    const post = (path: string, body: Record<string, unknown>, language = 'en') =>
      server.api<TopicComment & { code?: string; message?: string }>('POST', path, {
        token: team.member.token,
        body,
        headers: { 'accept-language': language },
      });
    const member = `/api/topics/${topic.id}/comments`;
    const visitor = `/api/share/${share.token}/topics/${topic.id}/comments`;

    // The 200th viewpoint (and the 4,999th comment) pass; the 201st viewpoint does not.
    const last = await post(member, { text: 'with the last viewpoint', viewpoint: viewpoint() });
    expect(last.status).toBe(201);
    const fullOfViews = await post(member, { text: 'one more view', viewpoint: viewpoint() });
    expect([fullOfViews.status, fullOfViews.body.code]).toEqual([422, 'TOPIC_FULL']);
    const byVisitor = await post(visitor, {
      text: 'a view',
      viewpoint: viewpoint(),
      authorName: 'Guest',
    });
    expect([byVisitor.status, byVisitor.body.code]).toEqual([422, 'TOPIC_FULL']);
    // The 5,000th comment, by a visitor; then every reply is refused.
    const lastComment = await post(visitor, { text: 'the last one', authorName: 'Guest' });
    expect(lastComment.status).toBe(201);
    const en = await post(member, { text: 'too many' });
    expect([en.status, en.body.code]).toEqual([422, 'TOPIC_FULL']);
    expect(en.body.message).toMatch(/5,000 comments/);
    const zh = await post(visitor, { text: '太多了', authorName: '访客' }, 'zh-CN');
    expect([zh.status, zh.body.code]).toEqual([422, 'TOPIC_FULL']);
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/);

    const detail = await server.api<TopicWithComments>('GET', `/api/topics/${topic.id}`, {
      token: team.member.token,
    });
    expect(detail.body.comment_count).toBe(BCF_TOPIC_MAX_COMMENTS);
    expect(detail.body.viewpoints).toHaveLength(BCF_TOPIC_MAX_VIEWPOINTS);
    // Both replies share the test clock's instant: among the newest, in either order.
    expect(detail.body.comments.slice(-2).map((c) => c.text)).toContain('the last one');
    // Deleting one makes room again.
    const removed = await server.api('DELETE', `/api/comments/${last.body.id}`, {
      token: team.member.token,
    });
    expect(removed.status).toBe(204);
    expect((await post(member, { text: 'room again' })).status).toBe(201);
    expect((await post(member, { text: 'and full again' })).status).toBe(422);
  }, 60_000);

  it('replies racing for the last place: exactly one passes', async () => {
    const topic: Topic = await createIssue(server, team.member.token, team.project.id, {
      modelId: team.model.id,
    });
    await sql`
      INSERT INTO topic_comments (topic_id, guid, author_name, text, created_at)
      SELECT ${topic.id}::uuid, 'race-' || n, 'Old', 'comment ' || n,
             timestamptz '2020-01-01' + n * interval '1 second'
      FROM generate_series(1, ${BCF_TOPIC_MAX_COMMENTS - 1}) AS n`.execute(server.db);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        server.api('POST', `/api/topics/${topic.id}/comments`, {
          token: team.member.token,
          body: { text: `racer ${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    const count = await server.db
      .selectFrom('topic_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('topic_id', '=', topic.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(BCF_TOPIC_MAX_COMMENTS);
  }, 60_000);
});
