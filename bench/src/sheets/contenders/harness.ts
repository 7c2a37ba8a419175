/**
 * The two contenders of bench:sheets, each a page of its own on 127.0.0.1 with everything local
 * (bundled with esbuild, no CDN): pdf.js's viewer components opening the PDF, and dxf-viewer's
 * demo opening a DXF. dxf-viewer reads DXF only, so it opens the DWG's DXF twin.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startLocalServer } from '../../viewer/local-server.ts';

const require = createRequire(import.meta.url);

export type SheetContender = 'pdfjs' | 'dxf-viewer';

/** dxf-viewer's own three (it pins an older one): the page's `Color` must be of that copy. */
const dxfThree = (() => {
  const entry = require.resolve('three', {
    paths: [path.dirname(require.resolve('dxf-viewer/package.json'))],
  });
  const marker = `${path.sep}node_modules${path.sep}three${path.sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length - 1);
})();

async function bundle(entry: string, format: 'esm' | 'iife'): Promise<string> {
  const result = await build({
    alias: { three: dxfThree },
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    format,
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const js = result.outputFiles[0]?.text;
  if (!js) throw new Error(`esbuild produced no output for ${entry}`);
  return js;
}

const PAGE = (script: string, css = '') => `<!doctype html>
<html><head><meta charset="utf-8"><title>contender</title>${css}
<style>html,body{margin:0;overflow:hidden;background:#e5e7eb}</style></head>
<body><script type="module" src="/${script}"></script></body></html>`;

export interface SheetContenders {
  /** The page opening `file` (a PDF for pdf.js, a DXF for dxf-viewer) in a w x h container. */
  pageFor(contender: SheetContender, file: string, width: number, height: number): string;
  close(): Promise<void>;
}

export const contenderPackages = {
  pdfjs: (require('pdfjs-dist/package.json') as { version: string }).version,
  dxfViewer: (require('dxf-viewer/package.json') as { version: string }).version,
};

export async function startSheetContenders(files: string[]): Promise<SheetContenders> {
  const scripts = new Map([
    ['pdfjs.js', await bundle('pdfjs-page.ts', 'esm')],
    ['dxf.js', await bundle('dxf-viewer-page.ts', 'esm')],
    ['dxf-worker.js', await bundle('dxf-viewer-worker.ts', 'iife')],
  ]);
  const assets: Record<string, string> = {
    '/pdf.worker.min.mjs': require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'),
    '/pdf_viewer.css': require.resolve('pdfjs-dist/web/pdf_viewer.css'),
    '/font.ttf': require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'),
  };
  const byName = new Map(files.map((file) => [path.basename(file), file]));
  const server = await startLocalServer((url) => {
    if (url.pathname === '/pdfjs/')
      return { html: PAGE('pdfjs.js', '<link rel="stylesheet" href="/pdf_viewer.css">') };
    if (url.pathname === '/dxf-viewer/') return { html: PAGE('dxf.js') };
    const js = scripts.get(url.pathname.slice(1));
    if (js) return { js };
    const asset = assets[url.pathname];
    if (asset) return { file: asset };
    const file = url.pathname.startsWith('/files/')
      ? byName.get(decodeURIComponent(url.pathname.slice('/files/'.length)))
      : undefined;
    return file ? { file } : undefined;
  });
  return {
    pageFor: (contender, file, width, height) =>
      `${server.url}/${contender}/?file=${encodeURIComponent(`/files/${path.basename(file)}`)}&w=${width}&h=${height}`,
    close: () => server.close(),
  };
}
