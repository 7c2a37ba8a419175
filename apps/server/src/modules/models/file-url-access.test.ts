import type { Model, ProjectMember } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShareTeam, startShareServer, type ShareTeam } from '../../testing/share-fixture.ts';
import type { TestServer } from '../../testing/test-server.ts';

/** Signed file URLs are bound to their user and end with that user's access to the model. */
describe('signed file URLs follow current access', () => {
  let server: TestServer;
  let team: ShareTeam;

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  });
  afterAll(async () => server?.close());

  const modelAs = async (token: string) =>
    (await server.api<Model>('GET', `/api/models/${team.model.id}`, { token })).body;
  const urls = (model: Model) => [model.thumbnail_url!, model.viewable_url!, model.metadata_url!];
  const statusOf = async (url: string) => (await fetch(`${server.url}${url}`)).status;

  it('a URL made for one user does not pass as another', async () => {
    const [thumbnail] = urls(await modelAs(team.member.token));
    expect(thumbnail).toContain(`u=${team.member.user.id}`);
    expect(await statusOf(thumbnail!)).toBe(200);
    const forged = thumbnail!.replace(team.member.user.id, team.owner.user.id);
    expect(await statusOf(forged)).toBe(401);
  });

  it("a removed member's URLs stop working at once (issue 33: was up to 30 s)", async () => {
    const memberUrls = urls(await modelAs(team.member.token));
    for (const url of memberUrls) expect(await statusOf(url)).toBe(200);

    const members = await server.api<ProjectMember[]>(
      'GET',
      `/api/project/${team.project.id}/members`,
      { token: team.owner.token },
    );
    const row = members.body.find((member) => member.user_id === team.member.user.id)!;
    const removed = await server.api(
      'DELETE',
      `/api/project/${team.project.id}/members/${row.id}`,
      { token: team.owner.token },
    );
    expect(removed.status).toBe(200);

    for (const url of memberUrls) expect(await statusOf(url)).toBe(404);
    // the admin's own URLs still work
    for (const url of urls(await modelAs(team.admin.token))) expect(await statusOf(url)).toBe(200);
  });

  it('a trashed model serves nothing, at once, and lists no file URLs', async () => {
    const ownerUrls = urls(await modelAs(team.owner.token));
    for (const url of ownerUrls) expect(await statusOf(url)).toBe(200);
    const trashed = await server.api<Model>('DELETE', `/api/models/${team.model.id}`, {
      token: team.owner.token,
    });
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({
      thumbnail_url: null,
      viewable_url: null,
      metadata_url: null,
    });
    for (const url of ownerUrls) expect(await statusOf(url)).toBe(404);
    // by bearer token too
    const byToken = await server.api('GET', `/api/models/${team.model.id}/thumbnail.png`, {
      token: team.owner.token,
    });
    expect(byToken.status).toBe(404);

    // restored, the same URLs work again
    const restored = await server.api('POST', `/api/models/${team.model.id}/restore`, {
      token: team.owner.token,
    });
    expect(restored.status).toBe(200);
    for (const url of ownerUrls) expect(await statusOf(url)).toBe(200);
  });
});
