import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import helmet from 'helmet';
import { SHELL_FILES } from './spa.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface SecurityHeadersOptions {
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** EMBED_FRAME_ANCESTORS: who may frame the share embed page (`/share/{token}?embed=1`). */
  embedFrameAncestors: readonly string[];
  /**
   * The built web app: the hashes of its pages' inline scripts (spa.ts SHELL_FILES) join
   * script-src.
   */
  webDistDir: string;
}

type Directives = Record<string, string[]>;

/**
 * The one policy of the app and the API. Scripts only from our origin (Vite's build has no inline
 * script); 'wasm-unsafe-eval' because the viewer's meshopt decoder compiles bundled WebAssembly;
 * blob:/data: images for textures GLTFLoader unpacks from a .glb. Inline styles are allowed
 * (a style is not a script); scripts only from files or by hash.
 */
function appDirectives(
  https: boolean,
  frameAncestors: readonly string[],
  scriptHashes: readonly string[] = [],
): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    // A library of the app injects a <style> element and the viewer's labels set style
    // attributes (both seen blocked in the e2e runs): inline styles allowed, scripts never.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // GLTFLoader fetches the textures it unpacked from a .glb through blob: URLs.
    'connect-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [...frameAncestors],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Swagger UI (/api/docs): the app's policy without the web build's script hashes (it has no inline script). */
export function docsDirectives(https: boolean): Directives {
  return {
    ...appDirectives(https, ["'none'"]),
  };
}

export function serializeDirectives(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * CSP sources ('sha256-...') of the inline scripts in an HTML page: the build puts a preload
 * script into index.html and the model page's first picture into model.html, allowed by their
 * hashes (never 'unsafe-inline').
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    const digest = createHash('sha256')
      .update(match[2] ?? '')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/**
 * The hashes for the web build's pages in `distDir` (none without a build; read once at
 * start-up).
 */
function webBuildScriptHashes(distDir: string): string[] {
  const hashes = SHELL_FILES.map((file) => path.join(distDir, file))
    .filter((file) => existsSync(file))
    .flatMap((file) => inlineScriptHashes(readFileSync(file, 'utf8')));
  return [...new Set(hashes)];
}

/**
 * Permissions-Policy: the powerful features the app never uses are off for it and for anything
 * it would frame (a script injected into a page cannot turn on the camera, the microphone or the
 * location). What it uses keeps the browser's default of our own origin: the clipboard (copy a
 * share link, a property value) and fullscreen. Only features Chromium knows: an unknown name is
 * an error in the console.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
  'fullscreen=(self)',
].join(', ');

/** The chrome-less share page meant for other sites' iframes. */
function isEmbedPage(request: FastifyRequest): boolean {
  if (!request.url.startsWith('/share/')) return false;
  const [pathname, query = ''] = request.url.split('?', 2);
  return (
    /^\/share\/[^/]+\/?$/.test(pathname ?? '') && new URLSearchParams(query).get('embed') === '1'
  );
}

/**
 * Security headers on every response, as helmet makes them: the strict CSP above with
 * `frame-ancestors 'none'`, X-Frame-Options DENY, Referrer-Policy no-referrer (share tokens and
 * reset links live in URLs), nosniff, HSTS when PUBLIC_URL is https (only then: a plain-http
 * server on a LAN must not pin browsers to https), and a Permissions-Policy. The share embed page
 * swaps in EMBED_FRAME_ANCESTORS and drops X-Frame-Options. Register before any route.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const https = options.publicUrl.startsWith('https:');
  const hashes = webBuildScriptHashes(options.webDistDir);
  const headers: [string, string][] = [
    ...helmetHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: appDirectives(https, ["'none'"], hashes),
        },
        frameguard: { action: 'deny' },
        referrerPolicy: { policy: 'no-referrer' },
        // Not includeSubDomains: other hosts under the same domain are not ours to decide for.
        strictTransportSecurity: https
          ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false }
          : false,
      }),
    ),
    // helmet has no Permissions-Policy (it dropped its feature-policy middleware).
    ['permissions-policy', PERMISSIONS_POLICY],
  ];
  const embedPolicy = serializeDirectives(
    appDirectives(https, options.embedFrameAncestors, hashes),
  );
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    if ((request.method === 'GET' || request.method === 'HEAD') && isEmbedPage(request)) {
      raw.setHeader('content-security-policy', embedPolicy);
      raw.removeHeader('x-frame-options');
    }
    done();
  });
}

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * The headers helmet's middleware sets, computed once: with our options they depend on nothing in
 * the request, and running helmet's dozen middlewares on every request (setting each header
 * through its own closure) was a sizeable part of a cached hot read's CPU.
 */
function helmetHeaders(middleware: Middleware): [string, string][] {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  middleware(request, response, (error) => {
    if (error) throw error;
  });
  return response.getHeaderNames().map((name) => [name, String(response.getHeader(name))]);
}
