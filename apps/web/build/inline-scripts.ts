import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The boot's inline scripts (src/boot/inline, src/boot/preview/early-preview.ts), bundled from
 * the app's own TypeScript at build time with esbuild into minified classic scripts and put into
 * the HTML: they run as the parser reaches them, before any of the app's files has downloaded.
 * The same modules (src/boot/page.ts above all) run in the app, so there is no second copy.
 */

/**
 * Code as the content of an inline <script>: refused when it holds what would end the element
 * or change how the HTML parser reads it (the build fails rather than ship a broken page).
 */
export function inlineScript(code: string): string {
  if (/<\/script|<!--/i.test(code))
    throw new Error('inline script: the code holds "</script" or "<!--"');
  return `<script>${code.trim()}</script>`;
}

/** `html` with `scripts` (whole <script> elements) at the top of its <head>. */
export function withHeadScripts(html: string, scripts: string[]): string {
  const head = /<head[^>]*>/i.exec(html);
  if (!head) throw new Error('inline-scripts: index.html has no <head>');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${scripts.join('\n    ')}${html.slice(at)}`;
}

/** `html` with `script` (a whole <script> element) last in its <body>. */
export function withBodyEndScript(html: string, script: string): string {
  const at = html.lastIndexOf('</body>');
  if (at < 0) throw new Error('inline-scripts: index.html has no </body>');
  return `${html.slice(0, at)}  ${script}\n  ${html.slice(at)}`;
}

/**
 * `entry` (relative to `root`) bundled into one minified classic script (an IIFE); with
 * `globalName` it sets `window[globalName]` to the module's exports.
 */
export async function bundleInlineScript(
  root: string,
  entry: string,
  globalName?: string,
  /** Constants the code reads (esbuild's `define`: identifier to JSON). */
  constants: Record<string, string> = {},
): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.resolve(root, entry)],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"', ...constants },
    // The build's own chunks, imported at run time (a drawing page's sheet engine).
    external: ['/assets/*'],
    ...(globalName ? { globalName } : {}),
  });
  const [file] = result.outputFiles;
  if (!file || result.outputFiles.length !== 1)
    throw new Error(`inline script: ${entry} did not build to one script`);
  return file.text;
}

/** pdf.js's worker file among the build's assets. */
const PDF_WORKER = /(^|\/)pdf\.worker\.min-[\w-]+\.mjs$/;

/** pdf.js's module (the main thread's part), its own chunk: a PDF drawing's page imports it. */
const PDFJS_MODULE = 'pdfjs-dist/build/pdf.mjs';

/** The model page's shell: the server sends it for /model/:id (apps/server/src/http/spa.ts). */
const MODEL_PAGE_HTML = 'model.html';

export interface InlineScriptsOptions {
  /** Last in index.html's <body> (every page): the models list's outline (null: none). */
  bodyEnd: string | null;
  /** First in model.html's <head>, in this order (null: model.html is index.html as is). */
  modelPage: {
    /** Asks for the model's files. */
    fetch: string;
    /** The first picture's module, set as `window.__trussEarlyPreview`. */
    preview: string;
    /** Starts the preview on the viewable's bytes. */
    start: string;
    /**
     * A drawing page's sheet engine (its own chunk): the first script imports it as soon as it
     * knows the first sheet, rather than the app's entry once it has loaded.
     */
    drawingEngine: string;
  } | null;
}

/**
 * index.html with the outline's script last in <body>; model.html beside it (index.html with the
 * model page's three scripts first in <head>). The model page's first picture then needs no
 * module request and starts as the viewable arrives; other pages do not carry the preview's 40 KB.
 */
export function inlineScripts(options: InlineScriptsOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'truss-inline-scripts',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!options.bodyEnd) return html;
        return withBodyEndScript(
          html,
          inlineScript(await bundleInlineScript(root, options.bodyEnd)),
        );
      },
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('inline-scripts: no index.html');
        if (!options.modelPage) {
          this.emitFile({ type: 'asset', fileName: MODEL_PAGE_HTML, source: index.source });
          return;
        }
        const { fetch, preview, start, drawingEngine } = options.modelPage;
        // pdf.js's worker as the build emitted it: a PDF drawing's page starts it from the HTML.
        const worker = Object.keys(bundle).find((file) => PDF_WORKER.test(file));
        const chunkOf = (module: string) => {
          const chunk = Object.values(bundle).find(
            (output) =>
              output.type === 'chunk' &&
              !!output.facadeModuleId &&
              output.facadeModuleId.replaceAll('\\', '/').endsWith(`/${module}`),
          );
          if (!chunk) throw new Error(`inline-scripts: no chunk for ${module}`);
          return JSON.stringify(`/${chunk.fileName}`);
        };
        const scripts = await Promise.all([
          bundleInlineScript(root, fetch, undefined, {
            ...(worker ? { __TRUSS_PDF_WORKER_URL__: JSON.stringify(`/${worker}`) } : {}),
            __TRUSS_DRAWING_ENGINE_URL__: chunkOf(drawingEngine),
            __TRUSS_PDFJS_URL__: chunkOf(PDFJS_MODULE),
          }),
          bundleInlineScript(root, preview, '__trussEarlyPreview'),
          bundleInlineScript(root, start),
        ]);
        this.emitFile({
          type: 'asset',
          fileName: MODEL_PAGE_HTML,
          source: withHeadScripts(String(index.source), scripts.map(inlineScript)),
        });
      },
    },
  };
}
