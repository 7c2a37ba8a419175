/**
 * Serves the bare engine page (page.ts, bundled with esbuild) and .glb files held in memory, on
 * 127.0.0.1: the viewer engine in Chromium without the app around it.
 */
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Truss engine</title>
<style>html,body{margin:0}</style></head>
<body><script type="module" src="/page.js"></script></body></html>`;

export interface EnginePage {
  /** URL of the page opening the .glb registered under `name`. */
  urlFor(name: string): string;
  /** Serves `glb` under `name`, answering after `delayMs` (a slow network for streaming). */
  add(name: string, glb: Uint8Array, delayMs?: number): void;
  close(): Promise<void>;
}

export async function serveEnginePage(): Promise<EnginePage> {
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
  const glbs = new Map<string, { bytes: Uint8Array; delayMs: number }>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    } else if (path === '/page.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    } else {
      const glb = glbs.get(decodeURIComponent(path.slice('/glb/'.length)));
      if (!path.startsWith('/glb/') || !glb) response.writeHead(404).end();
      else
        setTimeout(
          () => response.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb.bytes),
          glb.delayMs,
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the engine page has no port');
  const base = `http://127.0.0.1:${address.port}`;
  return {
    urlFor: (name) => `${base}/?glb=${encodeURIComponent(`/glb/${name}`)}`,
    add: (name, glb, delayMs = 0) => glbs.set(name, { bytes: glb, delayMs }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
