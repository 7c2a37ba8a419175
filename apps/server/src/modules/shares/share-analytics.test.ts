import type { Share } from '@truss/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/project-team.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import {
  createShare,
  createShareTeam,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

describe(`share analytics: opens, daily visitors, last opened; no IP kept (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;
  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  });
  afterAll(() => server?.close());

  /** A day later; the members sign in again (their access tokens ran out meanwhile). */
  const nextDay = async () => {
    server.clock.advance(24 * 3600);
    team.member = await signIn(server, team.member);
    team.owner = await signIn(server, team.owner);
  };
  const share = () =>
    createShare(server, team.member.token, {
      modelId: team.model.id,
      type: 'public',
      expiration: 'never',
      allowComments: false,
      issuePermission: 'view',
    });
  /** Opens the link as the share page does, from `ip` with `userAgent`. */
  const open = async (token: string, ip: string, userAgent: string, bearer?: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/share/${token}`,
      remoteAddress: ip,
      headers: {
        'user-agent': userAgent,
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
    });
    expect(res.statusCode).toBe(200);
  };
  const analytics = async (id: string) => {
    const res = await server.api<Share>('GET', `/api/shares/${id}`, { token: team.member.token });
    expect(res.status).toBe(200);
    return res.body.analytics;
  };
  const inMyShares = async (id: string) => {
    const res = await server.api<Share[]>('GET', '/api/shares', { token: team.member.token });
    return res.body.find((each) => each.id === id)!.analytics;
  };

  it('a new link has no opens', async () => {
    const created = await share();
    expect(created.analytics).toEqual({ opens: 0, visitors: 0, last_opened_at: null });
  });

  it('counts every open, each visitor once a day, and when it was last opened', async () => {
    const { id, token } = await share();
    const first = server.clock();
    await open(token, '203.0.113.7', PHONE);
    await open(token, '203.0.113.7', PHONE);
    server.clock.advance(60);
    await open(token, '198.51.100.20', DESKTOP);
    expect(await analytics(id)).toEqual({
      opens: 3,
      visitors: 2,
      last_opened_at: new Date(first.getTime() + 60_000).toISOString(),
    });
    // My Shares carries the same figures.
    expect(await inMyShares(id)).toEqual(await analytics(id));

    // The same phone the next day is that day's visitor again (a visitor is a daily mark).
    await nextDay();
    await open(token, '203.0.113.7', PHONE);
    expect(await analytics(id)).toMatchObject({ opens: 4, visitors: 3 });
  });

  it("the creator's own opens are not counted; another member's are", async () => {
    const { id, token } = await share();
    await open(token, '127.0.0.1', DESKTOP, team.member.token);
    expect(await analytics(id)).toMatchObject({ opens: 0, visitors: 0 });
    await open(token, '127.0.0.1', DESKTOP, team.owner.token);
    expect(await analytics(id)).toMatchObject({ opens: 1, visitors: 1 });
  });

  it('keeps no IP or user agent; a day later the earlier salts and marks are gone', async () => {
    const { id, token } = await share();
    const ip = '192.0.2.55';
    await open(token, ip, PHONE);
    const dump = async () =>
      JSON.stringify(
        (
          await sql<Record<string, unknown>>`
            SELECT m.*, s.salt FROM share_visitor_marks m
            JOIN share_visit_salts s ON s.day = m.day`.execute(server.db)
        ).rows,
      );
    const stored = await dump();
    expect(stored).toContain(id);
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain('MicroMessenger');
    const days = async () =>
      (await sql<{ day: string }>`SELECT day FROM share_visit_salts`.execute(server.db)).rows.map(
        (row) => row.day,
      );
    const today = server.clock().toISOString().slice(0, 10);
    expect(await days()).toEqual([today]);

    await nextDay();
    await open(token, ip, PHONE);
    const tomorrow = server.clock().toISOString().slice(0, 10);
    expect(await days()).toEqual([tomorrow]);
    const marks = await sql<{ day: string }>`
      SELECT day FROM share_visitor_marks WHERE share_id = ${id}`.execute(server.db);
    expect(marks.rows.map((row) => row.day)).toEqual([tomorrow]);
    expect(await analytics(id)).toMatchObject({ opens: 2, visitors: 2 });
  });

  it('parallel opens all count', async () => {
    const { id, token } = await share();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => open(token, `203.0.113.${i + 1}`, DESKTOP)),
    );
    expect(await analytics(id)).toMatchObject({ opens: 12, visitors: 12 });
  });

  it('a link that is off does not count', async () => {
    const { id, token } = await share();
    await server.api('PATCH', `/api/shares/${id}`, {
      token: team.member.token,
      body: { status: 'disabled' },
    });
    const res = await server.app.inject({ method: 'GET', url: `/api/share/${token}` });
    expect(res.statusCode).not.toBe(200);
    expect(await analytics(id)).toMatchObject({ opens: 0, visitors: 0 });
  });
});
