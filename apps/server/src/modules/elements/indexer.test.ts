/**
 * Writing the element index while the API serves: on PGlite (one connection) the rows go in
 * small statements with reads served between them; on PostgreSQL in one transaction, which
 * readers do not wait for and whose rows they see only when it commits. Either way a reader
 * never sees another hash than the old one, '' (not written: queries wait) or the new one, and
 * the index ends whole.
 */
import { readFileSync } from 'node:fs';
import type { Model } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppDataAccess } from '../../app-data.ts';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { HAVE_SAMPLES, sample } from '../../testing/samples.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../testing/uploads.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { ElementIndexer } from './indexer.ts';

describe.skipIf(!HAVE_SAMPLES)(`writing the element index (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  let model: Model;

  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
    });
    team = await createTeam(server);
    const result = await tusUpload(readFileSync(sample('ifc/duplex.ifc')), {
      baseUrl: server.url,
      token: team.owner.token,
      projectId: team.project.id,
      filename: 'duplex.ifc',
    });
    model = await waitForModel(
      async () =>
        (
          await server.api<Model>('GET', `/api/models/${result.modelId}`, {
            token: team.owner.token,
          })
        ).body,
      240_000,
    );
    // The conversion's own index is written before the test writes it again.
    const deadline = Date.now() + 60_000;
    while (!(await indexState())?.metadata_hash) {
      if (Date.now() > deadline) throw new Error('the conversion wrote no element index');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 300_000);
  afterAll(() => server?.close());

  const indexState = () =>
    server.db
      .selectFrom('element_index_state')
      .select(['metadata_hash', 'elements', 'properties'])
      .where('version_id', '=', model.current_version!.id)
      .executeTakeFirst();

  it('serves reads while it writes, and ends with every row', async () => {
    const before = (await indexState())!;
    expect(before.properties).toBeGreaterThan(2_000); // more than one step of rows
    const metadata = await fetch(`${server.url}${model.metadata_url}`);
    const json = new Uint8Array(await metadata.arrayBuffer());
    const indexer = new ElementIndexer({
      data: createAppDataAccess(server.db),
      oneConnection: server.engine === 'pglite',
      storage: {} as ObjectStorage, // only ensureIndexed reads storage
      now: () => new Date(),
      log: server.app.log,
    });
    let done = false;
    const writing = indexer
      .indexConverted({ modelId: model.id, versionId: model.current_version!.id }, 'again', json)
      .finally(() => (done = true));
    const seen = new Set<string>();
    // Reads arrive the way requests do, from I/O: a loop of reads chained by promises alone
    // would never let the writer's setImmediate run.
    while (!done) {
      seen.add((await indexState())!.metadata_hash);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await writing;
    const after = (await indexState())!;
    expect(after).toEqual({
      metadata_hash: 'again',
      elements: before.elements,
      properties: before.properties,
    });
    const rows = await server.db
      .selectFrom('element_properties')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('version_id', '=', model.current_version!.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(before.properties);
    // Never half written: the old hash, '' (queries wait for the index) or the new one.
    for (const hash of seen) expect([before.metadata_hash, '', 'again']).toContain(hash);
    // PGlite answered reads between the steps (one transaction there held them all to the end).
    if (server.engine === 'pglite') expect(seen).toContain('');
  });
});
