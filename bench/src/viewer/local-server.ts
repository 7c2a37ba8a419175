/**
 * The static server the contenders' pages are opened from (o3dv/harness.ts,
 * contenders/harness.ts): on 127.0.0.1, nothing cached, each request answered by the harness's
 * `route` with a page, a script or a file streamed from disk. Pages carry Truss's isolation
 * header (PAGE_HEADERS).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

/**
 * The isolation header Truss's server sends with its pages (helmet's default). A page with it
 * opens in a browsing context group, and so a renderer process, of its own: the bench's fresh
 * page (about:blank) cannot keep its renderer, and the load pays for a new one (50-100 ms on two
 * cores, measured on a blank page). Sent with the contenders' pages too, so every viewer's load
 * starts alike, as from a link on another site would.
 */
const PAGE_HEADERS = { 'cross-origin-opener-policy': 'same-origin' };

type LocalReply = { html: string } | { js: string } | { file: string } | undefined;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
};

interface LocalServer {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

export async function startLocalServer(route: (url: URL) => LocalReply): Promise<LocalServer> {
  const server = createServer((request, response) => {
    const reply = route(new URL(request.url ?? '/', 'http://localhost'));
    if (!reply) {
      response.writeHead(404).end();
      return;
    }
    if ('html' in reply || 'js' in reply) {
      const type = 'html' in reply ? 'text/html' : 'text/javascript';
      response.writeHead(200, {
        'content-type': type,
        'cache-control': 'no-store',
        ...('html' in reply ? PAGE_HEADERS : {}),
      });
      response.end('html' in reply ? reply.html : reply.js);
      return;
    }
    const { file } = reply;
    stat(file).then(
      (info) => {
        response.writeHead(200, {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'content-length': info.size,
          'cache-control': 'no-store',
        });
        createReadStream(file).pipe(response);
      },
      (error: Error) => response.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('local server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
