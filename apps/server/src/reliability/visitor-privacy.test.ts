import type { Topic, TopicComment, TopicList, TopicWithComments } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShare, createShareTeam, type ShareTeam } from '../testing/share-fixture.ts';
import { startShareServer } from '../testing/share-fixture.ts';
import { testEngine, type TestServer } from '../testing/test-server.ts';

/**
 * Issue 33 item 11: a public-share visitor saw members' e-mail addresses as author names (a
 * member without a profile name is written by address). A visitor's answers name members by
 * display name, or by nothing (the web app says "Project member"); members still see addresses.
 */
describe(`reliability: share visitors see no member's e-mail address (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  }, 60_000);
  afterAll(() => server?.close());

  it('names members by display name or not at all, in topics, comments and mentions', async () => {
    const named = await server.api('PUT', '/api/user/profile', {
      token: team.member.token,
      body: { full_name: 'Mia Member' },
    });
    expect(named.status).toBe(200);
    const project = team.project.id;
    // The owner has no display name: the topic's author is written by address.
    const topic = await server.api<Topic>('POST', `/api/project/${project}/topics`, {
      token: team.owner.token,
      body: {
        kind: 'issue',
        title: 'Slab edge',
        modelId: team.model.id,
        assigneeId: team.member.user.id,
      },
    });
    expect(topic.status).toBe(201);
    const mention = `@[${team.member.user.email}](${team.member.user.id})`;
    const comment = await server.api<TopicComment>(
      'POST',
      `/api/topics/${topic.body.id}/comments`,
      {
        token: team.owner.token,
        body: { text: `Please check ${mention}` },
      },
    );
    expect(comment.status).toBe(201);
    const member = await server.api<TopicWithComments>('GET', `/api/topics/${topic.body.id}`, {
      token: team.member.token,
    });
    expect(member.body.author.name).toBe(team.owner.user.email);

    const share = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: '7d',
      allowComments: true,
      issuePermission: 'edit',
    });
    const base = `/api/share/${share.token}/topics`;
    const list = await server.api<TopicList>('GET', base);
    const detail = await server.api<TopicWithComments>('GET', `${base}/${topic.body.id}`);
    const page = await server.api<{ comments: TopicComment[] }>(
      'GET',
      `${base}/${topic.body.id}/comments`,
    );
    const patched = await server.api<Topic>('PATCH', `${base}/${topic.body.id}`, {
      body: { status: 'In Progress', authorName: 'Guest Gu' },
    });
    expect(patched.status).toBe(200);
    for (const seen of [list.body, detail.body, page.body, patched.body]) {
      expect(JSON.stringify(seen)).not.toContain('@example');
      expect(JSON.stringify(seen)).not.toContain(team.owner.user.email);
      expect(JSON.stringify(seen)).not.toContain(team.member.user.email);
    }
    expect(detail.body.author).toEqual({ user_id: team.owner.user.id, name: '' });
    expect(detail.body.assigned_to).toBe('Mia Member');
    expect(detail.body.comments[0]?.text).toBe(
      `Please check @[Mia Member](${team.member.user.id})`,
    );
    expect(page.body.comments[0]?.author.name).toBe('');
  });
});
