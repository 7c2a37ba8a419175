import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AuthResponse, Project } from '@truss/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppConfig } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { openSse, type SseClient } from '../../testing/sse.ts';
import { createTestDatabase, testEngine, uniqueEmail } from '../../testing/test-server.ts';

/**
 * Two API instances (separate pools, separate LISTEN connections) on ONE PostgreSQL database:
 * an event raised through one reaches an SSE client of the other. PostgreSQL only.
 */
describe.skipIf(testEngine() !== 'postgres')('event fan-out across instances (PostgreSQL)', () => {
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (mail) => {
      mails.push(mail);
    },
    close: () => undefined,
  };
  const config: AppConfig = {
    publicUrl: 'http://127.0.0.1',
    jwtSecret: randomBytes(32).toString('hex'),
    tokenHmacSecret: randomBytes(32).toString('hex'),
    isProduction: false,
    webDistDir: '/nonexistent',
    smtpUrl: null,
    mailFrom: 'Truss <no-reply@truss.test>',
  };
  let drop: () => Promise<void>;
  let databaseUrl: string;
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  const clients: SseClient[] = [];

  beforeAll(async () => {
    const first = await createTestDatabase();
    drop = first.drop;
    databaseUrl = first.handle.connectionString!;
    const second = await openDatabase({ databaseUrl });
    for (const database of [first.handle, second]) {
      const app = await buildApp({
        config,
        database,
        mailer,
        logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const app of apps) await app.close();
    await drop?.();
  });

  async function call<T>(
    base: string,
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async function signUp(base: string): Promise<AuthResponse> {
    const email = uniqueEmail('fanout');
    await call(base, 'POST', '/api/auth/signup', undefined, {
      email,
      password: 'correct horse battery',
      agreeTerms: true,
    });
    const code = /\b(\d{6})\b/.exec(mails.findLast((m) => m.to === email)?.text ?? '')?.[1];
    const verified = await call<AuthResponse>(base, 'POST', '/api/auth/verify-email', undefined, {
      email,
      code,
    });
    expect(verified.status).toBe(200);
    return verified.body;
  }

  it('an invitation made on instance A reaches the member SSE stream held by instance B', async () => {
    const [a, b] = urls as [string, string];
    const owner = await signUp(a);
    const member = await signUp(b);
    const project = await call<Project>(a, 'POST', '/api/project', owner.token, {
      name: 'Shared',
      description: 'across instances',
    });
    // The member joins through the real invitation flow (token from the mail), on instance B.
    await call(a, 'POST', `/api/project/${project.body.id}/invitations`, owner.token, {
      emails: [member.user.email],
      role: 'member',
    });
    const link = mails.findLast((m) => m.to === member.user.email)!.text;
    const token = /invite\?token=([A-Za-z0-9_-]+)/.exec(link)![1]!;

    const onB = await openSse(b, member.token);
    const ownerOnB = await openSse(b, owner.token);
    clients.push(onB, ownerOnB);
    await expect.poll(() => onB.raw()).toContain('retry:');
    await expect.poll(() => ownerOnB.raw()).toContain('retry:');

    // Accepted on B: the owner's stream (also on B) hears it; then A acts and B's client hears.
    const accepted = await call(b, 'POST', `/api/invitations/${token}/accept`, member.token);
    expect(accepted.status).toBe(200);
    await ownerOnB.waitFor((e) => e.type === 'member.changed' && e.data.action === 'accepted');

    const renamed = await call(a, 'PUT', `/api/project/${project.body.id}`, owner.token, {
      name: 'Shared (renamed on A)',
    });
    expect(renamed.status).toBe(200);
    const event = await onB.waitFor((e) => e.type === 'project.updated');
    expect(event).toMatchObject({ projectId: project.body.id });

    const onA = await openSse(a, member.token);
    clients.push(onA);
    await expect.poll(() => onA.raw()).toContain('retry:');
    await call(b, 'POST', `/api/project/${project.body.id}/invitations`, owner.token, {
      emails: [uniqueEmail('third')],
      role: 'member',
    });
    const both = await Promise.all([
      onA.waitFor((e) => e.type === 'member.changed' && e.data.action === 'invited'),
      onB.waitFor((e) => e.type === 'member.changed' && e.data.action === 'invited'),
    ]);
    expect(both[0].id).toBe(both[1].id);

    // Both LISTEN connections die: each instance reconnects and ends its streams (events may
    // have been missed) so clients reconnect and refetch; then events flow again.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
      );
      expect(killed.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await Promise.all([onB.ended, onA.ended]);
    const again = await openSse(b, member.token);
    clients.push(again);
    await expect.poll(() => again.raw()).toContain('retry:');
    await expect
      .poll(
        async () => {
          await call(a, 'PUT', `/api/project/${project.body.id}`, owner.token, { name: 'Again' });
          return again.events.some((e) => e.type === 'project.updated');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
  });
});
