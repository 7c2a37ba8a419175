import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('validation errors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  it('reports the localized text of the first field (en)', async () => {
    const res = await server.api('POST', '/api/auth/login', {
      body: { email: 'not-an-email', password: 'whatever1' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      statusMessage: 'Please enter a valid email address',
      message: 'Please enter a valid email address',
      code: 'VALIDATION_ERROR',
      fields: { email: 'Please enter a valid email address' },
    });
  });

  it('reports every field in Chinese for Accept-Language zh-CN', async () => {
    const res = await server.api('POST', '/api/auth/signup', {
      body: { email: '', password: 'short', agreeTerms: false },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      statusMessage: '请输入邮箱',
      message: '请输入邮箱',
      code: 'VALIDATION_ERROR',
      fields: {
        email: '请输入邮箱',
        password: '密码至少需要 8 个字符',
        agreeTerms: '您必须同意条款才能继续',
      },
    });
  });

  it('uses the catalogue texts for missing fields and other languages fall back to English', async () => {
    const res = await server.api('POST', '/api/auth/signup', {
      body: {},
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Email is required',
      fields: {
        email: 'Email is required',
        password: 'Password is required',
        agreeTerms: 'You must agree to the terms to continue',
      },
    });
  });

  it('checks code format and password length bounds', async () => {
    const code = await server.api('POST', '/api/auth/verify-email', {
      body: { email: 'a@example.com', code: '12ab' },
    });
    expect(code.body).toMatchObject({ fields: { code: 'Enter the 6-digit code' } });
    const long = await server.api('POST', '/api/auth/signup', {
      body: { email: 'a@example.com', password: 'x'.repeat(129), agreeTerms: true },
    });
    expect(long.body).toMatchObject({
      fields: { password: 'Password must be at most 128 characters' },
    });
  });

  it('a body of the wrong type is a validation error, not a 500', async () => {
    const res = await server.api('POST', '/api/auth/check-email', { body: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'This value is not valid',
    });
  });
});
