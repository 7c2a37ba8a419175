import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Project, ServerEvent } from '@truss/contracts';
import { createAccount } from './support/accounts.ts';
import { startServer, type RunningServer } from './support/server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Two real server processes (`node dist/main.js`) on one PostgreSQL database, as behind a load
 * balancer: an event raised through process A reaches an SSE client connected to process B
 * (LISTEN/NOTIFY). Runs when TEST_DATABASE_URL names a PostgreSQL server (CI sets it).
 */
describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  const database = `truss_e2e_${randomBytes(6).toString('hex')}`;
  const servers: RunningServer[] = [];

  async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE ${database}`));
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${database}`;
    // Both processes share the secrets, as instances of one deployment do.
    const shared = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOKEN_HMAC_SECRET: randomBytes(32).toString('hex'),
    };
    // One after the other: the first applies the migrations.
    servers.push(await startServer(shared));
    servers.push(await startServer(shared));
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  });

  it('an event raised through one process reaches an SSE client of the other', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers did not start');
    const owner: AuthResponse = await createAccount(a.url, `owner-${Date.now()}@example.com`);

    // The SSE client is connected to process B.
    const abort = new AbortController();
    const stream = await fetch(`${b.url}/api/events`, {
      headers: { authorization: `Bearer ${owner.token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const received: ServerEvent[] = [];
    const reading = (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (data) received.push(JSON.parse(data) as ServerEvent);
        }
      }
    })().catch(() => undefined);

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
      .poll(() => received.find((event) => event.projectId === project.id)?.type, {
        timeout: 10_000,
      })
      .toBe('project.created');
    abort.abort();
    await reading;
  });
});
