/**
 * Serves the bare sheet engine page (page.ts, bundled with esbuild), pdf.js's worker from
 * node_modules and sheets held in memory, on 127.0.0.1: the sheet engine in Chromium without the
 * app around it.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { SheetInfo } from '@truss/viewable';
import { build } from 'esbuild';

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Truss sheet engine</title>
<style>html,body{margin:0;height:100%}#host{position:absolute;inset:0}</style></head>
<body><div id="host"></div><script type="module" src="/page.js"></script></body></html>`;

export interface SheetPageFixture {
  info: SheetInfo;
  content: Uint8Array;
  contentType: string;
}

export interface SheetPage {
  /** URL of the page opening the sheet registered under `name`. */
  urlFor(name: string): string;
  add(name: string, sheet: SheetPageFixture): void;
  close(): Promise<void>;
}

export async function serveSheetPage(): Promise<SheetPage> {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const js = bundled.outputFiles[0]!.text;
  const require = createRequire(import.meta.url);
  const worker = await readFile(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'));
  const sheets = new Map<string, SheetPageFixture>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const [, kind, name] = /^\/sheet\/(info|content)\/(.+)$/.exec(path) ?? [];
    const sheet = name ? sheets.get(decodeURIComponent(name)) : undefined;
    if (path === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else if (path === '/page.js')
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    else if (path === '/pdf.worker.min.mjs')
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
    else if (sheet && kind === 'info')
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(sheet.info));
    else if (sheet && kind === 'content')
      response.writeHead(200, { 'content-type': sheet.contentType }).end(sheet.content);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the sheet page has no port');
  const base = `http://127.0.0.1:${address.port}`;
  return {
    urlFor: (name) => `${base}/?sheet=${encodeURIComponent(name)}`,
    add: (name, sheet) => sheets.set(name, sheet),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
