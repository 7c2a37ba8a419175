import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOAD_CHUNK_BYTES } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../testing/project-team.ts';
import { startTestServer, type CreatedUser, type TestServer } from '../testing/test-server.ts';
import { tusUpload } from '../testing/uploads.ts';

/**
 * The reverse proxy of docs/operations.md, tested: Debian's nginx runs docs/nginx/truss.conf in
 * front of a real Truss server (TRUST_PROXY=loopback, as the page says), with only the upstream
 * port, the listen lines and the TLS lines swapped for the test's (plain http on loopback ports).
 * Needs nginx (`.ci/run` installs nginx-light); skipped where it is missing, except in CI
 * (CI or TEST_DATABASE_URL set), where a missing nginx fails.
 */
const DOC_CONFIG = new URL('../../../../docs/nginx/truss.conf', import.meta.url);
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) =>
  existsSync(file),
);
const inCi = Boolean(process.env.CI || process.env.TEST_DATABASE_URL);
if (!NGINX && !inCi)
  console.warn('nginx proxy test skipped: no nginx (apt-get install nginx-light)');

/** A free loopback port (closed again before nginx takes it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The documented site with the test's ports: plain http, no IPv6 listeners, no certificate. */
function testSiteConfig(
  doc: string,
  ports: { upstream: number; https: number; http: number },
): string {
  const site = doc
    .split('\n')
    .filter((line) => !/^\s*listen \[::\]/.test(line) && !/^\s*ssl_/.test(line))
    .join('\n')
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${ports.upstream};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https};`)
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`);
  for (const port of Object.values(ports)) expect(site).toContain(`127.0.0.1:${port};`);
  return site;
}

/** `client_max_body_size` of the documented site, in bytes. */
function bodyLimit(doc: string): number {
  const match = /client_max_body_size\s+(\d+)([kmg]?);/i.exec(doc);
  if (!match) throw new Error('docs/nginx/truss.conf sets no client_max_body_size');
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase()]!;
  return Number(match[1]) * unit;
}

/** A request that reaches nginx from `localAddress` (another loopback address than the proxy's). */
function requestFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

describe('docs/operations.md', () => {
  it('shows the tested nginx site exactly as docs/nginx/truss.conf has it', () => {
    const page = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
    const shown = /```nginx\n([\s\S]*?)```/.exec(page)?.[1];
    expect(shown).toBe(readFileSync(DOC_CONFIG, 'utf8'));
  });
});

describe.skipIf(!NGINX && !inCi)(
  'nginx in front of Truss, as docs/operations.md sets it up',
  () => {
    let server: TestServer;
    let nginx: ChildProcess | undefined;
    let dir: string;
    let proxy: string;
    let redirect: string;
    let user: CreatedUser;
    const doc = readFileSync(DOC_CONFIG, 'utf8');

    beforeAll(async () => {
      if (!NGINX) throw new Error('nginx is missing: .ci/run installs nginx-light');
      server = await startTestServer({
        mail: 'outbox',
        config: { trustProxy: ['loopback'] },
        configure: (app) => {
          // What the server takes for the client (the per-IP limits' key).
          app.get('/api/test/client-ip', { schema: { hide: true } }, async (request) => ({
            ip: request.ip,
            socket: request.socket.remoteAddress,
          }));
        },
      });
      dir = await mkdtemp(path.join(tmpdir(), 'truss-nginx-'));
      const ports = {
        upstream: Number(new URL(server.url).port),
        https: await freePort(),
        http: await freePort(),
      };
      proxy = `http://127.0.0.1:${ports.https}`;
      redirect = `http://127.0.0.1:${ports.http}`;
      await writeFile(path.join(dir, 'truss.conf'), testSiteConfig(doc, ports));
      for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
        await mkdir(path.join(dir, temp));
      }
      // What Debian's nginx.conf around sites-enabled/ amounts to, in the test's own folder.
      await writeFile(
        path.join(dir, 'nginx.conf'),
        [
          // as root, workers would switch to nobody, who cannot enter the test's folder
          ...(process.getuid?.() === 0 ? ['user root;'] : []),
          'worker_processes 1;',
          `pid ${dir}/nginx.pid;`,
          `error_log ${dir}/error.log warn;`,
          'events { worker_connections 256; }',
          'http {',
          '  access_log off;',
          `  client_body_temp_path ${dir}/body;`,
          `  proxy_temp_path ${dir}/proxy;`,
          `  fastcgi_temp_path ${dir}/fastcgi;`,
          `  uwsgi_temp_path ${dir}/uwsgi;`,
          `  scgi_temp_path ${dir}/scgi;`,
          `  include ${dir}/truss.conf;`,
          '}',
          '',
        ].join('\n'),
      );
      nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const deadline = Date.now() + 15_000;
      for (;;) {
        const live = await fetch(`${proxy}/api/health/live`).catch(() => null);
        if (live?.status === 200) break;
        if (nginx.exitCode !== null || Date.now() > deadline) {
          const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
          throw new Error(`nginx did not start: ${stderr}${log}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      user = await server.createUser();
    }, 120_000);

    afterAll(async () => {
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx!.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      await server?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('sends plain http to https', async () => {
      const response = await fetch(`${redirect}/models?x=1`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('https://127.0.0.1/models?x=1');
    });

    it('keeps the dev routes off: a request through the proxy is never local', async () => {
      // Reachable on this machine directly (PUBLIC_URL is 127.0.0.1 here) ...
      expect((await fetch(`${server.url}/api/dev/mail`)).status).toBe(200);
      // ... but not through nginx, even from this machine and with a forged header.
      for (const headers of <Record<string, string>[]>[
        {},
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
      ]) {
        const response = await fetch(`${proxy}/api/dev/mail`, { headers });
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      }
      expect((await fetch(`${proxy}/api/metrics`)).status).toBe(404);
    });

    it('gives Truss the client address as request.ip, and a forged X-Forwarded-For is replaced', async () => {
      const seen = await requestFrom('127.0.0.7', `${proxy}/api/test/client-ip`, {
        'x-forwarded-for': '198.51.100.23',
      });
      expect(seen.status).toBe(200);
      expect(JSON.parse(seen.body)).toEqual({ ip: '127.0.0.7', socket: '127.0.0.1' });
    });

    it('lets a 64 MiB tus chunk through (70 MiB in two PATCHes) and refuses past its limit', async () => {
      expect(bodyLimit(doc)).toBeGreaterThan(UPLOAD_CHUNK_BYTES + 1024 * 1024);
      const project = await createProject(server, user.token);
      // A binary STL of about 70 MiB (a format Truss accepts): 80-byte header, count, triangles.
      const triangles = Math.floor((70 * 1024 * 1024 - 84) / 50);
      const bytes = Buffer.alloc(84 + 50 * triangles);
      bytes.writeUInt32LE(triangles, 80);
      const upload = await tusUpload(bytes, {
        baseUrl: proxy,
        token: user.token,
        projectId: project.id,
        filename: 'big.stl',
        chunkSize: UPLOAD_CHUNK_BYTES,
      });
      expect(upload.error).toBeNull();
      expect(upload.modelId).toBeTruthy();

      // One byte past the documented limit, announced in Content-Length: nginx's own 413 at once,
      // before any body byte is sent or reaches Truss.
      const limit = bodyLimit(doc);
      const refused = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${proxy}/api/uploads/none`, {
          method: 'PATCH',
          headers: {
            'tus-resumable': '1.0.0',
            'content-type': 'application/offset+octet-stream',
            'upload-offset': '0',
            'content-length': String(limit + 1),
          },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        request.on('error', reject);
        request.flushHeaders();
      });
      expect(refused).toBe(413);
    }, 120_000);

    it('passes a live event on through the stream as it happens (no buffering)', async () => {
      const controller = new AbortController();
      const stream = await fetch(`${proxy}/api/events`, {
        headers: { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      // The stream's first bytes (its retry: hint) arrive at once, not when a buffer fills.
      const first = await reader.read();
      received += decoder.decode(first.value);
      expect(received).toContain('retry:');

      const name = `Live ${randomBytes(3).toString('hex')}`;
      const created = createProject(server, user.token, name);
      const started = Date.now();
      while (!received.includes('project.created')) {
        const next = await Promise.race([
          reader.read(),
          new Promise<never>((_resolve, reject) =>
            setTimeout(() => reject(new Error(`no event within 5 s: ${received}`)), 5_000),
          ),
        ]);
        if (next.done) break;
        received += decoder.decode(next.value);
      }
      await created;
      expect(received).toContain('project.created');
      // Well within the 15 s heartbeat: the event itself came through, not a flushed buffer.
      expect(Date.now() - started).toBeLessThan(5_000);
      controller.abort();
    });
  },
);
