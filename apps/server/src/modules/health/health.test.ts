import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_PROBE_FILE } from './service.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';

describe('health, request ids, errors and OpenAPI', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      configure(app) {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail at /srv/app.ts:12');
        });
      },
    });
  });
  afterAll(() => server?.close());

  it('GET /api/health answers ok with the engine in use', async () => {
    const res = await server.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: testEngine() });
    expect(typeof res.body.version).toBe('string');
    expect(typeof res.body.uptimeSeconds).toBe('number');
  });

  it('/api/health/live answers; /api/health/ready checks database and storage writes', async () => {
    expect((await server.api('GET', '/api/health/live')).body).toEqual({ status: 'ok' });
    const ready = await server.api('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', database: testEngine() });
    // the storage folder refuses the probe file (a folder in its place; root ignores modes)
    const probe = path.join(server.dataDir, READY_PROBE_FILE);
    await mkdir(probe);
    try {
      const blocked = await server.api('GET', '/api/health/ready');
      expect(blocked.status).toBe(503);
      expect(blocked.headers.get('retry-after')).toBe('30');
      expect(blocked.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(blocked.text).not.toContain(server.dataDir);
      expect((await server.api('GET', '/api/health/live')).status).toBe(200);
    } finally {
      await rm(probe, { recursive: true });
    }
    expect((await server.api('GET', '/api/health/ready')).status).toBe(200);
  });

  it('echoes an incoming X-Request-Id and generates one otherwise', async () => {
    const given = await server.api('GET', '/api/health', { headers: { 'x-request-id': 'req-42' } });
    expect(given.headers.get('x-request-id')).toBe('req-42');
    const generated = await server.api('GET', '/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await server.api('GET', '/api/health', {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(unsafe.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('unknown /api routes answer a JSON 404 ROUTE_NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/nothing'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await server.api(method, url, { headers: { 'x-request-id': 'nf-1' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('x-request-id')).toBe('nf-1');
      expect(res.body).toEqual({
        statusCode: 404,
        statusMessage: 'Page not found',
        message: 'Page not found',
        code: 'ROUTE_NOT_FOUND',
      });
    }
  });

  it('a failing handler gives a bare 500 without stack or detail', async () => {
    const res = await server.api('GET', '/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      statusCode: 500,
      statusMessage: 'Internal server error',
      message: 'Internal server error',
      code: 'INTERNAL_ERROR',
    });
    expect(res.text).not.toMatch(/secret|stack|\.ts:|at /);
    const zh = await server.api('GET', '/api/test/boom', {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toMatchObject({ code: 'INTERNAL_ERROR', message: '服务器内部错误' });
  });

  it('malformed JSON is a 400 in the error format, never a stack', async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'statusCode', 'statusMessage']);
  });

  it('a wrong content type is 415 INVALID_REQUEST_TYPE', async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<login/>',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST_TYPE' });
  });

  it('serves the OpenAPI document and Swagger UI under /api/docs', async () => {
    const doc = await server.api<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    }>('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/health',
      '/api/auth/signup',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/user/profile',
      '/api/project',
      '/api/subscription/plans',
      '/api/user/subscription',
    ]) {
      expect(doc.body.paths).toHaveProperty(route);
    }
    expect(doc.body.paths).not.toHaveProperty('/api/test/boom/x');
    expect(doc.body.components.schemas).toHaveProperty('Profile');
    const ui = await fetch(`${server.url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toContain('text/html');
  });
});
