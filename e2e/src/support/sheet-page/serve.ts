/**
 * Serves the bare sheet engine page (page.ts), pdf.js's worker from node_modules and sheets held
 * in memory: the sheet engine in Chromium without the app around it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { SheetInfo } from '@truss/viewable';
import { serveBarePage } from '../bare-page.ts';

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
  const require = createRequire(import.meta.url);
  const worker = await readFile(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'));
  const sheets = new Map<string, SheetPageFixture>();
  const page = await serveBarePage({
    entry: new URL('page.ts', import.meta.url),
    title: 'Truss sheet engine',
    style: 'html,body{margin:0;height:100%}#host{position:absolute;inset:0}',
    body: '<div id="host"></div>',
    fileAt(path) {
      if (path === '/pdf.worker.min.mjs') return { contentType: 'text/javascript', body: worker };
      const [, kind, name] = /^\/sheet\/(info|content)\/(.+)$/.exec(path) ?? [];
      const sheet = name ? sheets.get(decodeURIComponent(name)) : undefined;
      if (!sheet) return undefined;
      return kind === 'info'
        ? { contentType: 'application/json', body: JSON.stringify(sheet.info) }
        : { contentType: sheet.contentType, body: sheet.content };
    },
  });
  return {
    urlFor: (name) => `${page.base}/?sheet=${encodeURIComponent(name)}`,
    add: (name, sheet) => sheets.set(name, sheet),
    close: page.close,
  };
}
