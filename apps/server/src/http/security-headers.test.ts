import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrameAncestors } from '../config.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { inlineScriptHashes } from './security-headers.ts';

const BOOT_SCRIPT = 'window.__boot=1';
const INDEX_HTML = `<!doctype html><html><head><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/a.js"></script></head><body><div id="root"></div></body></html>`;
const BOOT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
// The model page's shell: the same boot script and one of its own.
const MODEL_SCRIPT = 'window.__preview=1';
const MODEL_HTML = INDEX_HTML.replace('<head>', `<head><script>${MODEL_SCRIPT}</script>`);
const MODEL_HASH = `'sha256-${createHash('sha256').update(MODEL_SCRIPT).digest('base64')}'`;

function csp(headers: Headers): Map<string, string[]> {
  const policy = headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let distDir: string;
  let server: TestServer;
  let httpsServer: TestServer;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'truss-csp-'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'model.html'), MODEL_HTML);
    server = await startTestServer({
      mail: 'outbox',
      webDistDir: distDir,
      config: { embedFrameAncestors: ['https://intranet.example.com', "'self'"] },
    });
    httpsServer = await startTestServer({
      mail: 'outbox',
      webDistDir: distDir,
      config: { publicUrl: 'https://truss.example.com' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await httpsServer?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('puts a strict, unframeable CSP and the other headers on HTML and API responses', async () => {
    for (const url of ['/', '/model/abc', '/share/tok123', '/api/health', '/api/project']) {
      const { headers } = await fetch(`${server.url}${url}`);
      const policy = csp(headers);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      // Each page's inline scripts by hash, once each.
      expect(policy.get('script-src'), url).toEqual([
        "'self'",
        "'wasm-unsafe-eval'",
        BOOT_HASH,
        MODEL_HASH,
      ]);
      expect(policy.get('style-src'), url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('connect-src'), url).toEqual(["'self'", 'blob:']);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(headers.get('x-frame-options'), url).toBe('DENY');
      expect(headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(headers.get('referrer-policy'), url).toBe('no-referrer');
      const permissions = headers.get('permissions-policy') ?? '';
      for (const off of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
        expect(permissions, url).toContain(off);
      }
      // what the app uses stays ours: copying share links, fullscreen
      expect(permissions, url).toContain('clipboard-write=(self)');
      expect(permissions, url).toContain('fullscreen=(self)');
      // PUBLIC_URL is http here: no HSTS, no upgrade of requests.
      expect(headers.get('strict-transport-security'), url).toBeNull();
      expect(policy.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('lets only the share embed page be framed, by EMBED_FRAME_ANCESTORS', async () => {
    const embed = await fetch(`${server.url}/share/tok123?embed=1`);
    expect(embed.status).toBe(200);
    expect(csp(embed.headers).get('frame-ancestors')).toEqual([
      'https://intranet.example.com',
      "'self'",
    ]);
    expect(csp(embed.headers).get('script-src')).toContain(BOOT_HASH);
    expect(embed.headers.get('x-frame-options')).toBeNull();

    for (const url of ['/share/tok123?embed=0', '/model/abc?embed=1', '/share/a/b?embed=1']) {
      const { headers } = await fetch(`${server.url}${url}`);
      expect(csp(headers).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(headers.get('x-frame-options'), url).toBe('DENY');
    }
  });

  it('gives Swagger UI its own policy (inline styles), still unframeable', async () => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-initializer.js']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(200);
      const policy = csp(response.headers);
      expect(policy.get('script-src'), url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy.get('style-src'), url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
    const html = await (await fetch(`${server.url}/api/docs/`)).text();
    // Swagger UI's page loads its scripts from files: nothing inline for the policy to block.
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    for (const url of ['/', '/api/health', '/api/docs/']) {
      const { headers } = await fetch(`${httpsServer.url}${url}`);
      expect(headers.get('strict-transport-security'), url).toBe('max-age=31536000');
      expect(csp(headers).has('upgrade-insecure-requests'), url).toBe(true);
    }
  });

  it('reads EMBED_FRAME_ANCESTORS as CSP sources', () => {
    expect(parseFrameAncestors(undefined)).toEqual(['*']);
    expect(parseFrameAncestors('self, https://a.example  none')).toEqual([
      "'self'",
      'https://a.example',
      "'none'",
    ]);
  });
});
