import fsProm from 'node:fs/promises';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Project } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, testEngine, type TestServer } from '../testing/test-server.ts';

/**
 * Failures that used to leave outside the JSON contract (Fastify's or tus's own text, with the
 * URL or an absolute path in it) answer `{ statusCode, statusMessage, message, code }`.
 */
describe(`errors outside the routes keep the JSON contract (${testEngine()})`, () => {
  let server: TestServer;
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      configure(app) {
        app.get('/api/test/disk-full', async () => {
          throw Object.assign(new Error(`ENOSPC: no space left on device, write '/srv/x'`), {
            code: 'ENOSPC',
          });
        });
      },
    });
    const user = await server.createUser();
    token = user.token;
    const projects = await server.api<Project[]>('GET', '/api/project', { token });
    projectId = projects.body[0]!.id;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
  });

  const expectJsonError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    const text = await response.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'statusCode', 'statusMessage']);
    expect(body).toMatchObject({ statusCode: status, code });
    return text;
  };

  it('a bad URL escape or an over-long path parameter: 400 in our shape, no echo', async () => {
    const bad = await fetch(`${server.url}/api/project/%E0%A4%A`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'bad-url-1' },
    });
    expect(bad.headers.get('x-request-id')).toBe('bad-url-1');
    expect(await expectJsonError(bad, 400, 'VALIDATION_ERROR')).not.toContain('%E0');
    const long = 'a'.repeat(2000);
    for (const url of [`/api/project/${long}`, `/api/models/${long}/original`]) {
      const res = await fetch(`${server.url}${url}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await expectJsonError(res, 400, 'VALIDATION_ERROR')).not.toContain('aaaaaaaa');
    }
  });

  it('a URL past the HTTP parser limit: 431 in our shape (found by the fuzz)', async () => {
    const res = await fetch(`${server.url}/api/project/${'x'.repeat(100_000)}`);
    const text = await expectJsonError(res, 431, 'PAYLOAD_TOO_LARGE');
    expect(text).not.toContain('xxxx');
  });

  it('a full disk in a handler is 507 INSUFFICIENT_STORAGE without the path', async () => {
    const res = await fetch(`${server.url}/api/test/disk-full`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    const text = await expectJsonError(res, 507, 'INSUFFICIENT_STORAGE');
    expect(text).toContain('服务器存储空间不足');
    expect(text).not.toContain('/srv');
  });

  const createUpload = () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    return fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': '40',
        'upload-metadata': `projectId ${b64(projectId)},filename ${b64('a.obj')}`,
      },
    });
  };

  it('tus on a full disk: 507 INSUFFICIENT_STORAGE as JSON, no path', async () => {
    const full = Object.assign(
      new Error(`ENOSPC: no space left on device, open '${server.dataDir}/uploads/x'`),
      { code: 'ENOSPC' },
    );
    const spy = vi.spyOn(fsProm, 'writeFile').mockRejectedValueOnce(full);
    const text = await expectJsonError(await createUpload(), 507, 'INSUFFICIENT_STORAGE');
    spy.mockRestore();
    expect(text).not.toContain(server.dataDir);
  });

  it('tus on an unwritable uploads folder: 500 INTERNAL_ERROR as JSON, no path', async () => {
    const uploads = path.join(server.dataDir, 'uploads');
    await rm(uploads, { recursive: true, force: true });
    await writeFile(uploads, 'not a folder'); // every write below it fails (root ignores modes)
    const text = await expectJsonError(await createUpload(), 500, 'INTERNAL_ERROR');
    expect(text).not.toContain(server.dataDir);
  });
});
