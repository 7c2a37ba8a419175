/**
 * Serves one esbuild-bundled page on 127.0.0.1, with whatever files the caller answers: the
 * viewer engine and the sheet engine run in Chromium this way, without the app around them.
 */
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface BareFile {
  contentType: string;
  body: string | Uint8Array;
  /** Answered this much later (a slow network). */
  delayMs?: number;
}

export interface BarePageOptions {
  /** The page's script, bundled for the browser. */
  entry: URL;
  title: string;
  /** The page's CSS and the markup before its script. */
  style: string;
  body?: string;
  /** Any other path: a file, or undefined for 404. */
  fileAt(path: string): BareFile | undefined;
}

export interface BarePage {
  base: string;
  close(): Promise<void>;
}

export async function serveBarePage(options: BarePageOptions): Promise<BarePage> {
  const bundled = await build({
    entryPoints: [fileURLToPath(options.entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const js = bundled.outputFiles[0]!.text;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${options.title}</title>
<style>${options.style}</style></head>
<body>${options.body ?? ''}<script type="module" src="/page.js"></script></body></html>`;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file: BareFile | undefined =
      path === '/'
        ? { contentType: 'text/html', body: html }
        : path === '/page.js'
          ? { contentType: 'text/javascript', body: js }
          : options.fileAt(path);
    if (!file) response.writeHead(404).end();
    else
      setTimeout(
        () => response.writeHead(200, { 'content-type': file.contentType }).end(file.body),
        file.delayMs ?? 0,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error(`${options.title} has no port`);
  return {
    base: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
