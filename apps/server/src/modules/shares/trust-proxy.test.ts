import type { ErrorBody } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../config.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import {
  createShare,
  createShareTeam,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['10.0.0.1, 192.168.0.0/16', ['10.0.0.1', '192.168.0.0/16']],
  ] as const)('%s -> %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it('a hop count trusts that many proxies', () => {
    const trust = parseTrustProxy('1');
    expect(typeof trust).toBe('function');
    const fn = trust as (address: string, hop: number) => boolean;
    expect(fn('10.0.0.1', 0)).toBe(true);
    expect(fn('10.0.0.2', 1)).toBe(false);
  });
});

describe(`per-IP code limit without a trusted proxy (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;
  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  });
  afterAll(() => server?.close());

  it('a forged X-Forwarded-For does not buy fresh tries', async () => {
    const link = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'password',
      accessCode: '6060',
      expiration: '1d',
      allowComments: true,
      issuePermission: 'view',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await server.api<ErrorBody>('POST', `/api/share/${link.token}/verify`, {
        body: { code: String(7000 + i) },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429]);
  });
});
