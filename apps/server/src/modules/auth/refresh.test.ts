import { REFRESH_GRACE_SECONDS, type TokenPair } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe('refresh token rotation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  const refresh = (refreshToken: string) =>
    server.api<TokenPair>('POST', '/api/auth/refresh', { body: { refreshToken } });

  it('every refresh rotates and gives a working access token', async () => {
    const user = await server.createUser();
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.expiresIn).toBe(900);
    expect(first.body.refreshToken).not.toBe(user.refreshToken);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.body.refreshToken);
    const profile = await server.api('GET', '/api/user/profile', { token: second.body.token });
    expect(profile.status).toBe(200);
  });

  it('stores only HMAC digests of refresh tokens', async () => {
    const user = await server.createUser();
    const rotated = await refresh(user.refreshToken);
    const rows = await server.db.selectFrom('refresh_tokens').select('token_hash').execute();
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect([user.refreshToken, rotated.body.refreshToken]).not.toContain(row.token_hash);
    }
  });

  it('the parent presented again within the grace window returns the same child', async () => {
    const user = await server.createUser();
    const first = await refresh(user.refreshToken);
    server.clock.advance(REFRESH_GRACE_SECONDS - 1);
    const replay = await refresh(user.refreshToken);
    expect(replay.status).toBe(200);
    expect(replay.body.refreshToken).toBe(first.body.refreshToken);
    // the child keeps working
    const next = await refresh(first.body.refreshToken);
    expect(next.status).toBe(200);
  });

  it('two concurrent refreshes of one token both succeed with the same child', async () => {
    const user = await server.createUser();
    const [a, b] = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.refreshToken).toBe(b.body.refreshToken);
    const rows = await server.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(rows).toHaveLength(2); // the sign-in token and exactly one child
  });

  it('reuse after the grace window revokes the whole family', async () => {
    const user = await server.createUser();
    const child = await refresh(user.refreshToken);
    server.clock.advance(REFRESH_GRACE_SECONDS + 1);
    const replay = await refresh(user.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({
      statusCode: 401,
      code: 'REFRESH_TOKEN_INVALID',
      message: 'failed to refresh token',
    });
    // the child dies with its family, and so do the family's access tokens
    expect((await refresh(child.body.refreshToken)).status).toBe(401);
    expect((await server.api('GET', '/api/user/profile', { token: child.body.token })).status).toBe(
      401,
    );
  });

  it('a family lives 30 days from sign-in, however often it rotates', async () => {
    const user = await server.createUser();
    let token = user.refreshToken;
    for (let step = 0; step < 9; step += 1) {
      server.clock.advance(3 * 24 * 60 * 60); // day 3, 6, ..., 27
      const res = await refresh(token);
      expect(res.status).toBe(200);
      token = res.body.refreshToken;
    }
    server.clock.advance(2 * 24 * 60 * 60 + 23 * 60 * 60); // day 29 and 23 hours: still fine
    const lastGood = await refresh(token);
    expect(lastGood.status).toBe(200);
    token = lastGood.body.refreshToken;
    // 30 days after sign-in: refused
    server.clock.advance(60 * 60);
    const late = await refresh(token);
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 'REFRESH_TOKEN_INVALID' });
  });

  it('an unknown refresh token is 401, an empty one a validation error', async () => {
    const unknown = await refresh('x'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ code: 'REFRESH_TOKEN_INVALID' });
    const empty = await refresh('');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { refreshToken: 'Refresh token is required' },
    });
  });
});
