import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Project } from '@truss/contracts';
import { openSse } from '../../apps/server/src/testing/sse.ts';
import { createAccount } from './support/accounts.ts';
import { createOwnDatabase, deploymentSecrets, type OwnDatabase } from './support/deployment.ts';
import { startServer, type RunningServer } from './support/server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Two real server processes (`node dist/main.js`) on one PostgreSQL database, as behind a load
 * balancer: an event raised through process A reaches an SSE client connected to process B
 * (LISTEN/NOTIFY). Runs when TEST_DATABASE_URL names a PostgreSQL server (CI sets it).
 */
describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  const servers: RunningServer[] = [];
  let database: OwnDatabase | undefined;

  beforeAll(async () => {
    database = await createOwnDatabase(adminUrl ?? '', 'truss_e2e');
    // Both processes share the secrets, as instances of one deployment do.
    const shared = { DATABASE_URL: database.url, ...deploymentSecrets() };
    // One after the other: the first applies the migrations.
    servers.push(await startServer(shared));
    servers.push(await startServer(shared));
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.drop();
  });

  it('an event raised through one process reaches an SSE client of the other', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers did not start');
    const owner: AuthResponse = await createAccount(a.url, `owner-${Date.now()}@example.com`);

    // The SSE client is connected to process B.
    const sse = await openSse(b.url, owner.token);
    expect(sse.status).toBe(200);

    // The change is made through process A.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const created = await fetch(`${a.url}/api/project`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Scale-out', description: 'Raised on A, seen on B' }),
    });
    expect(created.status).toBe(201);
    const project = (await created.json()) as Project;

    await expect
      .poll(() => sse.events.find((event) => event.projectId === project.id)?.type, {
        timeout: 10_000,
      })
      .toBe('project.created');
    sse.close();
    await sse.ended;
  });
});
