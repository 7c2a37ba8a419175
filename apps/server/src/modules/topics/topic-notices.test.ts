import type { Topic } from '@truss/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTeam, signIn, type Team, type TestUser } from '../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { TOPIC_MAIL_WINDOW_SECONDS } from './notifier.ts';
import { PNG } from 'pngjs';
import { createIssue, viewpoint } from './test-fixture.ts';

/** A white PNG of width x height, base64, as a client's snapshot. */
function whitePng(width: number, height: number): string {
  const png = new PNG({ width, height });
  png.data.fill(255);
  return PNG.sync.write(png).toString('base64');
}

/** Red pixels inside a box of a decoded PNG. */
function redPixels(png: PNG, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = Math.max(0, y0); y < Math.min(png.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(png.width, x1); x++) {
      const i = (y * png.width + x) * 4;
      if (png.data[i]! > 200 && png.data[i + 1]! < 80 && png.data[i + 2]! < 80) count++;
    }
  }
  return count;
}

/** Topic notification mails through a real SMTP server: who gets what, when, in which language. */
describe(`topic notification mails (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  const mention = (user: TestUser) => `@[Someone](${user.user.id})`;
  const mailsTo = (user: TestUser) => server.mail!.to(user.user.email);
  const link = (topic: Topic) =>
    `http://127.0.0.1/project/${team.project.id}/issues?topic=${topic.id}`;
  const comment = (by: TestUser, topic: Topic, text: string) =>
    server.api('POST', `/api/topics/${topic.id}/comments`, { token: by.token, body: { text } });
  const patch = (by: TestUser, topic: Topic, body: Record<string, unknown>) =>
    server.api('PATCH', `/api/topics/${topic.id}`, { token: by.token, body });
  /** Lets every recipient's window pass, then runs the sweep the server runs every 30 s. */
  const windowPasses = async () => {
    server.clock.advance(TOPIC_MAIL_WINDOW_SECONDS + 1);
    await server.app.topicNotifier.flushDue();
    // Access tokens live 15 minutes of the test clock.
    team.owner = await signIn(server, team.owner);
    team.admin = await signIn(server, team.admin);
    team.member = await signIn(server, team.member);
  };

  beforeAll(async () => {
    server = await startTestServer();
    team = await createTeam(server);
    await server.db
      .updateTable('users')
      .set({ full_name: 'Olivia Owner' })
      .where('id', '=', team.owner.user.id)
      .execute();
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    await windowPasses();
    server.mail!.messages.length = 0;
  });

  it('assignment mails the assignee (subject without user text, link to the issue), never the actor', async () => {
    const topic = await createIssue(server, team.owner.token, team.project.id, {
      title: 'Secret <b>title</b>',
      assigneeId: team.member.user.id,
    });
    const [mail, ...more] = mailsTo(team.member);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`You were assigned issue #${topic.number}`);
    expect(mail!.text).toContain(
      `Olivia Owner assigned you issue #${topic.number} "Secret <b>title</b>" in the project "${team.project.name}".`,
    );
    expect(mail!.text).toContain(link(topic));
    expect(mail!.html).toContain(`href="${link(topic)}"`);
    expect(mail!.html).not.toContain('<b>title</b>');
    expect(mailsTo(team.owner)).toHaveLength(0);
    // Assigning yourself mails nobody.
    await createIssue(server, team.admin.token, team.project.id, {
      assigneeId: team.admin.user.id,
    });
    expect(server.mail!.messages).toHaveLength(1);
  });

  it('carries the snapshot with the markup drawn in, as BCF does, and follows later edits', async () => {
    const cloud = { type: 'cloud', color: '#ff0000', lineWidth: 0.01 } as const;
    const topic = await createIssue(server, team.owner.token, team.project.id, {
      title: 'Cracked slab',
      assigneeId: team.member.user.id,
      viewpoints: [viewpoint({ snapshotBase64: whitePng(400, 200) })],
      // Drawn on a 2:1 view: the cloud's box is x 100..300, y 50..150 of the snapshot.
      markup: { shapes: [{ ...cloud, from: [0.25, 0.25], to: [0.75, 0.75] }], aspect: 2 },
    });
    const [mail] = mailsTo(team.member);
    expect(mail!.attachments).toHaveLength(1);
    const [picture] = mail!.attachments;
    expect(picture!.contentType).toBe('image/png');
    expect(picture!.cid).toBeTruthy();
    expect(mail!.html).toContain(`src="cid:${picture!.cid}"`);
    expect(mail!.html).toContain(`alt="Snapshot of issue #${topic.number} with its markup"`);
    const png = PNG.sync.read(picture!.bytes);
    expect([png.width, png.height]).toEqual([400, 200]);
    expect(redPixels(png, 100, 35, 300, 56)).toBeGreaterThan(100); // the cloud's top edge
    expect(redPixels(png, 120, 70, 280, 130)).toBe(0); // inside stays white
    expect(redPixels(png, 0, 0, 80, 200)).toBe(0);

    // The markup edited, then a mention: the next mail draws the markup as it is now.
    await windowPasses();
    const moved = { shapes: [{ ...cloud, from: [0.05, 0.1], to: [0.2, 0.4] }], aspect: 2 };
    expect((await patch(team.owner, topic, { markup: moved })).status).toBe(200);
    await comment(team.owner, topic, `look ${mention(team.member)}`);
    const [next] = mailsTo(team.member);
    expect(next).not.toBe(mail);
    const redrawn = PNG.sync.read(next!.attachments[0]!.bytes);
    expect(redPixels(redrawn, 0, 0, 90, 90)).toBeGreaterThan(50);
    expect(redPixels(redrawn, 100, 35, 300, 56)).toBe(0);

    // A topic without a snapshot: a mail without a picture.
    await windowPasses();
    await createIssue(server, team.owner.token, team.project.id, {
      assigneeId: team.member.user.id,
    });
    const [plain] = mailsTo(team.member);
    expect(plain!.subject).toMatch(/^You were assigned issue #/);
    expect(plain!.attachments).toHaveLength(0);
    expect(plain!.html).not.toContain('cid:');
  });

  it('a burst makes one mail now and one digest after the window, not one per change', async () => {
    const topic = await createIssue(server, team.owner.token, team.project.id);
    // A reply to the owner's thread: mailed at once.
    expect((await comment(team.admin, topic, 'first')).status).toBe(201);
    expect(mailsTo(team.owner)).toHaveLength(1);
    expect(mailsTo(team.owner)[0]!.subject).toBe(`New reply in issue #${topic.number}`);
    // Nine more replies and a mention within the window: nothing more yet.
    for (let i = 0; i < 9; i++) await comment(team.admin, topic, `reply ${i}`);
    await comment(team.member, topic, `look ${mention(team.owner)}`);
    expect(mailsTo(team.owner)).toHaveLength(1);
    await server.app.topicNotifier.flushDue();
    expect(mailsTo(team.owner)).toHaveLength(1);

    await windowPasses();
    const [digest] = mailsTo(team.owner);
    expect(mailsTo(team.owner)).toHaveLength(2);
    // One reply notice per (topic, kind) per change: 9 replies from the admin, 1 mention.
    expect(digest!.subject).toBe('10 updates on issues and comments');
    expect(digest!.text).toContain(`mentioned you in issue #${topic.number}`);
    expect(digest!.text).toContain(link(topic));
    // The sweep again: nothing pending, nothing sent.
    await windowPasses();
    expect(mailsTo(team.owner)).toHaveLength(2);
  });

  it('status changes mail the creator and the assignee, in their language, unless switched off', async () => {
    const topic = await createIssue(server, team.member.token, team.project.id, {
      assigneeId: team.admin.user.id,
    });
    await windowPasses();
    server.mail!.messages.length = 0;
    await server.api('PUT', '/api/user/preferences', {
      token: team.member.token,
      body: { language: 'zh-CN' },
    });
    expect((await patch(team.owner, topic, { status: 'Resolved' })).status).toBe(200);
    expect(mailsTo(team.member)[0]!.subject).toBe(`问题 #${topic.number}的状态已改为「已解决」`);
    expect(mailsTo(team.member)[0]!.text).toContain('Olivia Owner 将项目');
    expect(mailsTo(team.admin)[0]!.subject).toBe(`issue #${topic.number} is now Resolved`);

    await windowPasses();
    server.mail!.messages.length = 0;
    const off = await server.api('PUT', '/api/user/notifications', {
      token: team.admin.token,
      body: { topic_status: false },
    });
    expect(off.status).toBe(200);
    await patch(team.owner, topic, { status: 'Closed' });
    expect(mailsTo(team.member)).toHaveLength(1);
    expect(mailsTo(team.admin)).toHaveLength(0);
    await windowPasses();
    expect(mailsTo(team.admin)).toHaveLength(0);
    await server.api('PUT', '/api/user/notifications', {
      token: team.admin.token,
      body: { topic_status: true },
    });
    await server.api('PUT', '/api/user/preferences', {
      token: team.member.token,
      body: { language: 'en' },
    });
  });

  it('mentions: members only, new ones on edit; a member who left gets nothing', async () => {
    const topic = await createIssue(server, team.admin.token, team.project.id, {
      description: `${mention(team.member)} and ${mention(team.outsider)}`,
    });
    expect(mailsTo(team.member)[0]!.subject).toBe(`You were mentioned in issue #${topic.number}`);
    expect(mailsTo(team.outsider)).toHaveLength(0);
    await windowPasses();
    server.mail!.messages.length = 0;
    // Editing the text keeps the old mention (no new mail) and adds the owner.
    await patch(team.admin, topic, {
      description: `${mention(team.member)} ${mention(team.owner)}`,
    });
    expect(mailsTo(team.member)).toHaveLength(0);
    expect(mailsTo(team.owner)).toHaveLength(1);

    // Mentioned, then removed from the project before the mail goes out: dropped.
    await comment(team.admin, topic, `again ${mention(team.owner)}`);
    expect(mailsTo(team.owner)).toHaveLength(1);
    await server.db
      .updateTable('project_members')
      .set({ status: 'rejected' })
      .where('project_id', '=', team.project.id)
      .where('user_id', '=', team.owner.user.id)
      .execute();
    await windowPasses();
    expect(mailsTo(team.owner)).toHaveLength(1);
    await server.db
      .updateTable('project_members')
      .set({ status: 'accepted' })
      .where('project_id', '=', team.project.id)
      .where('user_id', '=', team.owner.user.id)
      .execute();
  });
});
