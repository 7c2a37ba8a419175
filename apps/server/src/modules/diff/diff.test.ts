/**
 * Comparing two real versions: ../shared/bcf/ifc/Architectural.ifc converted by the real pipeline
 * as version 1, and the same file edited in the test (a wall removed, the door moved 600 mm, a
 * property of another wall changed) uploaded onto the same model as version 2. The diff must
 * report exactly those three changes; members may ask, others may not learn the model exists.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Model, ModelDiff } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { HAVE_SAMPLES, SAMPLES_DIR } from '../../testing/samples.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../testing/uploads.ts';
import { architecturalV2, type ArchitecturalEdits } from './testing/architectural-v2.ts';

const ARCHITECTURAL = path.resolve(SAMPLES_DIR, '../bcf/ifc/Architectural.ifc');

interface Version {
  id: string;
  number: number;
  status: string;
}

describe.skipIf(!HAVE_SAMPLES)(`version comparison of real versions (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  let model: Model;
  let v1: Version;
  let v2: Version;
  let edits: ArchitecturalEdits;

  const versions = async () =>
    (
      await server.api<Version[]>('GET', `/api/models/${model.id}/versions`, {
        token: team.owner.token,
      })
    ).body;
  const diff = (from: string, to: string, token = team.member.token, modelId = model.id) =>
    server.api<ModelDiff>('GET', `/api/models/${modelId}/diff?from=${from}&to=${to}`, { token });

  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
    });
    team = await createTeam(server);
    const upload = (bytes: Buffer, modelId?: string) =>
      tusUpload(bytes, {
        baseUrl: server.url,
        token: team.owner.token,
        projectId: team.project.id,
        filename: 'Architectural.ifc',
        ...(modelId ? { modelId, message: 'Wall removed, door moved, name changed' } : {}),
      });
    const first = await upload(readFileSync(ARCHITECTURAL));
    if (!first.modelId) throw new Error(`upload failed: ${JSON.stringify(first.error)}`);
    const get = async () =>
      (await server.api<Model>('GET', `/api/models/${first.modelId}`, { token: team.owner.token }))
        .body;
    model = await waitForModel(get, 240_000);
    expect(model.status).toBe('ready');

    const second = architecturalV2(ARCHITECTURAL);
    edits = second.edits;
    const again = await upload(Buffer.from(second.text, 'latin1'), model.id);
    expect(again.error).toBeNull();
    const started = Date.now();
    for (;;) {
      const list = await versions();
      if (list.length === 2 && list.every((v) => v.status === 'ready' || v.status === 'failed')) {
        [v2, v1] = list as [Version, Version];
        break;
      }
      if (Date.now() - started > 240_000) throw new Error(`versions: ${JSON.stringify(list)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect([v1.number, v1.status, v2.number, v2.status]).toEqual([1, 'ready', 2, 'ready']);
  }, 600_000);
  afterAll(() => server?.close());

  it('reports exactly the removed wall, the moved door and the changed property', async () => {
    const res = await diff(v1.id, v2.id);
    expect(res.status, res.text).toBe(200);
    const expected: ModelDiff = {
      added: [],
      removed: [edits.removedWall],
      changed: [
        { guid: edits.movedDoor, geometry: true, properties: [] },
        {
          guid: edits.editedWall.guid,
          geometry: false,
          properties: [
            {
              set: edits.editedWall.set,
              name: edits.editedWall.name,
              from: edits.editedWall.from,
              to: edits.editedWall.to,
            },
          ],
        },
      ].sort((a, b) => (a.guid < b.guid ? -1 : 1)),
    };
    expect(res.body).toEqual(expected);
    expect(edits.editedWall.from).toBe('Mehrsch-Wand');

    // The other way round: the wall comes back as added, the same two elements changed.
    const back = await diff(v2.id, v1.id);
    expect(back.body.added).toEqual([edits.removedWall]);
    expect(back.body.removed).toEqual([]);
    expect(back.body.changed.map((c) => c.guid)).toEqual(expected.changed.map((c) => c.guid));
    // A version against itself: nothing.
    expect((await diff(v2.id, v2.id)).body).toEqual({ added: [], removed: [], changed: [] });
  });

  it('refuses outsiders, versions of other models and malformed ids', async () => {
    const outsider = await server.createUser();
    expect((await diff(v1.id, v2.id, outsider.token)).status).toBe(404);
    expect(
      (await server.api('GET', `/api/models/${model.id}/diff?from=${v1.id}&to=${v2.id}`)).status,
    ).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await diff(v1.id, unknown);
    expect([missing.status, (missing.body as unknown as { code: string }).code]).toEqual([
      404,
      'VERSION_NOT_FOUND',
    ]);
    expect((await diff('not-a-uuid', v2.id)).status).toBe(400);
  });
});
