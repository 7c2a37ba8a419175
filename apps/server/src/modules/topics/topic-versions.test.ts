import type { Topic, TopicComment, TopicWithComments } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShare, OBJ, startShareServer } from '../../testing/share-fixture.ts';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForVersions } from '../../testing/uploads.ts';
import { viewpoint as fullViewpoint } from './test-fixture.ts';

const viewpoint = fullViewpoint();

/**
 * A topic, viewpoint or comment made while looking at an older version (`?version=N`) records
 * that version; without one named, the model's current version. Both create paths: members and
 * share visitors.
 */
describe(`topics on the version shown (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  let modelId: string;
  let v1: string;
  let v2: string;
  let otherVersion: string;

  async function upload(filename: string, model?: string): Promise<string> {
    const result = await tusUpload(OBJ, {
      baseUrl: server.url,
      token: team.owner.token,
      filename,
      ...(model ? { modelId: model } : { projectId: team.project.id }),
    });
    expect(result.error).toBeNull();
    return result.versionId!;
  }

  const readyVersions = (id: string, count: number) =>
    waitForVersions(server, team.owner.token, id, count);

  beforeAll(async () => {
    server = await startShareServer();
    team = await createTeam(server);
    v1 = await upload('hall-v1.obj');
    modelId = v1; // the first version's id is the model's
    await readyVersions(modelId, 1);
    v2 = await upload('hall-v2.obj', modelId);
    await readyVersions(modelId, 2);
    otherVersion = await upload('annex.obj');
    await readyVersions(otherVersion, 1);
  }, 60_000);
  afterAll(() => server?.close());

  const createAsMember = (body: Record<string, unknown>) =>
    server.api<Topic>('POST', `/api/project/${team.project.id}/topics`, {
      token: team.member.token,
      body: { kind: 'issue', modelId, title: 'Gap', viewpoints: [viewpoint], ...body },
    });

  it('a member: the version named, else the current one; a foreign version is refused', async () => {
    const current = await createAsMember({});
    expect(current.status).toBe(201);
    expect(current.body.model_version_id).toBe(v2);

    const onOld = await createAsMember({ modelVersionId: v1 });
    expect(onOld.status).toBe(201);
    expect(onOld.body.model_version_id).toBe(v1);
    expect(onOld.body.viewpoints[0]!.model_version_id).toBe(v1);

    // A comment's viewpoint, taken while looking at version 1 of a topic made on version 2.
    const reply = await server.api<TopicComment>(
      'POST',
      `/api/topics/${current.body.id}/comments`,
      { token: team.member.token, body: { text: 'Was fine in v1', viewpoint, modelVersionId: v1 } },
    );
    expect(reply.status).toBe(201);
    const reread = await server.api<TopicWithComments>('GET', `/api/topics/${current.body.id}`, {
      token: team.member.token,
    });
    expect(reread.body.viewpoints.map((vp) => vp.model_version_id)).toEqual([v2, v1]);

    const foreign = await createAsMember({ modelVersionId: otherVersion });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'VERSION_NOT_FOUND' } });
    const foreignComment = await server.api('POST', `/api/topics/${current.body.id}/comments`, {
      token: team.member.token,
      body: { text: 'x', viewpoint, modelVersionId: otherVersion },
    });
    expect(foreignComment).toMatchObject({ status: 404, body: { code: 'VERSION_NOT_FOUND' } });
    const malformed = await createAsMember({ modelVersionId: 'version-1' });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    // Refused topics are not written.
    const list = await server.api<{ total: number }>(
      'GET',
      `/api/project/${team.project.id}/topics?modelId=${modelId}`,
      { token: team.member.token },
    );
    expect(list.body.total).toBe(2);
  });

  it('a share visitor: the pinned version, else the one named, else the current one', async () => {
    const share = async (pin: string | null) =>
      createShare(server, team.owner.token, {
        modelId,
        type: 'public',
        expiration: 'never',
        issuePermission: 'edit',
        allowComments: true,
        ...(pin ? { modelVersionId: pin } : {}),
      });
    const post = (token: string, body: Record<string, unknown>) =>
      server.api<Topic>('POST', `/api/share/${token}/topics`, {
        body: { kind: 'issue', title: 'Visitor gap', authorName: 'Guest', ...body },
      });

    const following = await share(null);
    expect((await post(following.token, {})).body.model_version_id).toBe(v2);
    const named = await post(following.token, { modelVersionId: v1 });
    expect(named.status).toBe(201);
    expect(named.body.model_version_id).toBe(v1);
    const foreign = await post(following.token, { modelVersionId: otherVersion });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'VERSION_NOT_FOUND' } });

    // Pinned to version 1: the visitor sees only that one, so that is what is recorded.
    const pinned = await share(v1);
    const onPinned = await post(pinned.token, { viewpoints: [viewpoint] });
    expect(onPinned.status).toBe(201);
    expect(onPinned.body.model_version_id).toBe(v1);
    expect(onPinned.body.viewpoints[0]!.model_version_id).toBe(v1);
    const reply = await server.api(
      'POST',
      `/api/share/${pinned.token}/topics/${named.body.id}/comments`,
      {
        body: { text: 'Here too', viewpoint, authorName: 'Guest' },
      },
    );
    expect(reply.status).toBe(201);
    const reread = await server.api<TopicWithComments>('GET', `/api/topics/${named.body.id}`, {
      token: team.member.token,
    });
    expect(reread.body.viewpoints.map((vp) => vp.model_version_id)).toEqual([v1]);
  });
});
