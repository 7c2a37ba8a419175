/**
 * Builds the Online3DViewer harness (page.ts + its own three.js, bundled with esbuild) and
 * serves it with the original model files and a LOCAL web-ifc from a static server on
 * 127.0.0.1. O3DV 0.18 hard-codes jsDelivr URLs for web-ifc; the bundle rewrites that base to
 * `/libs/web-ifc/`, so the page never asks a CDN (the bench also aborts every non-local request).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startLocalServer } from '../local-server.ts';

const require = createRequire(import.meta.url);
/**
 * The web-ifc O3DV 0.18 asks for (0.0.68, installed as `web-ifc-o3dv`): with the converter's
 * 0.0.78 it throws on Office_A (an API change), so it gets the version it was built against.
 */
const webIfcDir = path.dirname(require.resolve('web-ifc-o3dv'));
export const webIfcVersion = (
  JSON.parse(await readFile(path.join(webIfcDir, 'package.json'), 'utf8')) as { version: string }
).version;
export const o3dvVersion = (
  JSON.parse(await readFile(require.resolve('online-3d-viewer/package.json'), 'utf8')) as {
    version: string;
  }
).version;

const CDN_WEB_IFC = /https:\/\/cdn\.jsdelivr\.net\/npm\/web-ifc@[0-9.]+\//g;

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'local-web-ifc',
        setup(builder) {
          builder.onLoad({ filter: /o3dv\.module\.js$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8');
            const replaced = source.replace(CDN_WEB_IFC, '/libs/web-ifc/');
            if (replaced === source) throw new Error('O3DV: the web-ifc CDN URL was not found');
            return { contents: replaced, loader: 'js' };
          });
        },
      },
    ],
  });
  const js = result.outputFiles[0]?.text;
  if (!js) throw new Error('esbuild produced no output');
  return js;
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>O3DV harness</title>
<style>html,body{margin:0;height:100%}#viewer{position:absolute;inset:0}</style></head>
<body><div id="viewer"></div><script type="module" src="/harness.js"></script></body></html>`;

export interface Harness {
  url: string;
  /** URL of the page opening `file` (one of the files given to startHarness). */
  pageFor(file: string): string;
  close(): Promise<void>;
}

/** Serves the harness page, its bundle, web-ifc and the given model files (by basename). */
export async function startHarness(files: string[]): Promise<Harness> {
  const js = await bundle();
  const byName = new Map(files.map((file) => [path.basename(file), file]));
  const libs = new Map([
    ['web-ifc-api-iife.js', path.join(webIfcDir, 'web-ifc-api-iife.js')],
    ['web-ifc.wasm', path.join(webIfcDir, 'web-ifc.wasm')],
  ]);
  const server = await startLocalServer((url) => {
    const name = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    if (url.pathname === '/') return { html: PAGE };
    if (url.pathname === '/harness.js') return { js };
    const file = url.pathname.startsWith('/libs/web-ifc/')
      ? libs.get(name)
      : url.pathname.startsWith('/models/')
        ? byName.get(name)
        : undefined;
    return file ? { file } : undefined;
  });
  const { url } = server;
  return {
    url,
    pageFor: (file) => `${url}/?model=${encodeURIComponent(`/models/${path.basename(file)}`)}`,
    close: () => server.close(),
  };
}
