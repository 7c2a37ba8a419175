import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS, judge, type Declaration } from './access-table.ts';
import { buildWorld, ROLES, startWorldServer, type Role, type World } from './fixture.ts';
import { freshParams } from './fresh.ts';
import { listOperations, send, validRequest, type Operation } from './operations.ts';

/**
 * Authorization sweep: every operation of the OpenAPI document, called by each of the seven
 * standings with a well-formed request, against the outcome its row in access-table.ts declares.
 * Operations that destroy or end what they touch get fresh rows (or a fresh sign-in) per call.
 */
/**
 * Answers that show whoever holds a link what the link is about, whatever their standing: no
 * longer exempt from the address check (issue 35), they are checked for every standing, not
 * only the guest's, since anyone with the link reads them. An invitation's preview names its
 * inviter by display name only (the world's invitation is the owner's, to an outside address).
 */
const LINK_PREVIEWS = new Set(['GET /api/invitations/{token}']);

describe('authorization sweep (every operation x every role)', () => {
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    const server = await startWorldServer();
    world = await buildWorld(server);
    operations = listOperations(server.app);
  }, 120_000);
  afterAll(() => world?.server.close());

  it('declares an expected outcome for every operation', () => {
    const missing = operations.filter((op) => !ACCESS[op.key]).map((op) => op.key);
    expect(
      missing,
      `operations without a row in apps/server/src/reliability/access-table.ts:\n  ${missing.join('\n  ')}`,
    ).toEqual([]);
    const stale = Object.keys(ACCESS).filter((key) => !operations.some((op) => op.key === key));
    expect(stale, 'rows of access-table.ts for operations that no longer exist').toEqual([]);
  });

  it('answers each role as declared, never 5xx', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    const leaks: string[] = [];
    const { owner, admin, member } = world.team;
    const teamEmails = [owner, admin, member].map((user) => user.user.email!);
    const matrix: string[] = [];
    let requests = 0;
    // Operations that remove what they act on go last (with fresh rows anyway), and those that
    // end sessions after them: signing out everywhere also ends the world's own tokens.
    const rank = (op: Operation) => {
      const fresh = ACCESS[op.key]?.fresh;
      return fresh === 'session' ? 2 : fresh ? 1 : 0;
    };
    const ordered = [...operations].sort((a, b) => rank(a) - rank(b));
    for (const op of ordered) {
      const declaration: Declaration | undefined = ACCESS[op.key];
      if (!declaration) continue;
      const row: string[] = [];
      for (const role of ROLES) {
        const fresh = await freshParams(world, declaration.fresh, role);
        const request = validRequest(op, fresh.world, role, {
          params: fresh.params,
          ...(declaration.body ? { body: declaration.body(fresh.world, fresh.params) } : {}),
        });
        const response = await send(world.server.url, request);
        requests += 1;
        row.push(`${role}=${response.status}`);
        const verdict = judge(declaration.expect[role], response.status);
        if (verdict) {
          failures.push(`${op.key} as ${role}: ${verdict} (${response.text.slice(0, 160)})`);
        }
        // A guest never learns the team's addresses, whatever the route answers them; nor does
        // anyone who holds a link, whatever their standing.
        const leaked =
          role === 'guest' || LINK_PREVIEWS.has(op.key)
            ? teamEmails.find((e) => response.text.includes(e))
            : null;
        if (leaked) leaks.push(`${op.key} showed the ${role} ${leaked}`);
      }
      matrix.push(`${op.key}: ${row.join(' ')}`);
    }
    if (process.env.RELIABILITY_VERBOSE) console.log(matrix.join('\n'));
    console.log(
      `authorization sweep: ${operations.length} operations x ${ROLES.length} roles, ${requests} requests, ${failures.length} mismatches`,
    );
    expect(failures).toEqual([]);
    expect(leaks).toEqual([]);
  });
});

export type { Role };
