import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.ts';

const MISSING_WEB_BUILD_TEXT =
  'The Truss web app is not built. Run `npm run build:web` in the repository, then restart the server (or set WEB_DIST_DIR).\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Pages with a shell of their own, written by the web build beside index.html: the model page's
 * (model.html) carries its first picture's script inline (apps/web/src/boot/inline/model-fetch.ts,
 * bundled by apps/web/build/inline-scripts.ts). Without the file, index.html serves.
 */
export const PAGE_SHELLS: readonly { path: RegExp; file: string }[] = [
  { path: /^\/model\/[^/]+\/?$/, file: 'model.html' },
];

/** Every HTML file the app may be sent as (their inline scripts are allowed by hash). */
export const SHELL_FILES = ['index.html', ...PAGE_SHELLS.map((shell) => shell.file)];

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

interface SpaOptions {
  /**
   * Extra <head> markup for some paths (the Open Graph tags of share links): an escaped title
   * for <title> and escaped tags, or null to serve index.html as it is.
   */
  head?: (
    pathname: string,
    request: FastifyRequest,
  ) => Promise<{ title: string; tags: string } | null>;
}

/** index.html with `head` in it (a new <title>, tags before </head>). */
function withHead(html: string, head: { title: string; tags: string }): string {
  const titled = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${head.title}</title>`)
    : html;
  const tags = `${head.tags}\n  `;
  if (titled.includes('</head>')) return titled.replace('</head>', () => `${tags}</head>`);
  return titled.replace(/<body/, () => `<head>${tags}</head><body`);
}

/**
 * Serves the built single-page app from `distDir`: real files as they are (hashed files under
 * /assets cached for a year, everything else revalidated), and index.html for every other
 * non-API GET so the app's router handles the path. Unknown /api paths get the JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  options: SpaOptions = {},
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  const assetsDir = `${path.sep}assets${path.sep}`;

  const shells = PAGE_SHELLS.filter((shell) => existsSync(path.join(distDir, shell.file)));
  const shellFile = (pathname: string) =>
    shells.find((shell) => shell.path.test(pathname))?.file ?? 'index.html';
  /** The page's shell: model.html on a model page (PAGE_SHELLS), index.html elsewhere. */
  const sendShell = (reply: FastifyReply, pathname = '/') =>
    reply
      .code(200)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .sendFile(shellFile(pathname), { cacheControl: false });

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each asset (apps/web/build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
    // The static handler would refuse the root folder itself (403); / is the app.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, 'ROUTE_NOT_FOUND', 404);
    }
    if (!hasBuild || !existsSync(indexFile)) {
      return reply.code(503).type('text/plain; charset=utf-8').send(MISSING_WEB_BUILD_TEXT);
    }
    // A missing hashed asset must not turn into HTML (the browser would fail on a MIME type).
    if (pathname.startsWith('/assets/') && path.extname(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    const head = await options.head?.(pathname, request);
    if (head) {
      const html = withHead(await readFile(path.join(distDir, shellFile(pathname)), 'utf8'), head);
      return reply
        .code(200)
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(html);
    }
    return sendShell(reply, pathname);
  });
}
