import type { IndexHtmlTransformContext, Plugin } from 'vite';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

export interface PreloadRoute {
  /** Tested against `location.pathname` in the page before the app starts. */
  path: RegExp;
  /** The route's lazily imported module, relative to the app's root (e.g. `src/…/Page.tsx`). */
  module: string;
  /**
   * On paths matching the plugin's `deferOn`, preloaded only when the page calls
   * `window.__trussPreloadDeferred()` (declared in src/vite-env.d.ts): the browser asks a
   * host over six connections at most, so what the page must ask for first (a model page's
   * early view: the model, its viewable) is not queued behind these.
   */
  deferred?: boolean;
  /**
   * Preloaded only when the page calls `window.__trussPreloadOnPreview()`: a model page's engine,
   * asked for once its first picture (the three-free preview) has drawn. Sooner, its download,
   * compiling and the links themselves held the preview up; later (when the app's entry asks for
   * it), it waited behind the entry.
   */
  onPreview?: boolean;
  /**
   * Preloaded only when the page calls `window.__trussPreloadDrawing(pdf)`: a drawing page's
   * sheet engine (`'sheet'`) and, for a PDF, pdf.js (`'pdf'`), asked for as soon as its boot
   * knows the page shows a drawing (src/boot/drawing/early-sheet.ts). A 3D model page never
   * loads them.
   */
  onDrawing?: 'sheet' | 'pdf';
}

/** `fileName` and every chunk it imports statically, directly or not, minus `skip`. */
function withImports(chunks: Map<string, Chunk>, fileName: string, skip = new Set<string>()) {
  const files: string[] = [];
  const visit = (file: string) => {
    if (skip.has(file) || files.includes(file)) return;
    files.push(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  visit(fileName);
  return files;
}

/**
 * A lazily loaded module is requested only once the code that imports it runs: the app after the
 * entry, a page after the router has matched it. A tiny script in index.html matches the path
 * first and adds `<link rel="modulepreload">` for the chunks of every route that matches, in the
 * order given, so they download (and compile) beside the entry instead of after it.
 */
export function routeModulePreload(
  routes: PreloadRoute[],
  options: {
    /** Where `deferred` routes wait for the page (elsewhere they preload at once). */
    deferOn?: RegExp;
  } = {},
): Plugin {
  return {
    name: 'truss-route-modulepreload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return;
        const chunks = new Map<string, Chunk>();
        for (const output of Object.values(ctx.bundle)) {
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        }
        // The entry and what it imports are preloaded by Vite already.
        const entry = new Set(withImports(chunks, ctx.chunk.fileName));
        const table = routes.map((route) => {
          const isModule = (id: string | null) =>
            !!id && id.replaceAll('\\', '/').endsWith(`/${route.module}`);
          // A module that only re-exports has no chunk of its own: then the chunk it went into.
          const page =
            [...chunks.values()].find((chunk) => isModule(chunk.facadeModuleId)) ??
            [...chunks.values()].find((chunk) => chunk.moduleIds.some(isModule));
          if (!page) throw new Error(`route-modulepreload: no chunk for ${route.module}`);
          return [
            route.path.source,
            withImports(chunks, page.fileName, entry).map((f) => `/${f}`),
            route.onDrawing === 'pdf'
              ? 4
              : route.onDrawing === 'sheet'
                ? 3
                : route.onPreview
                  ? 2
                  : route.deferred
                    ? 1
                    : 0,
          ];
        });
        // Before the stylesheet: an inline script after it would wait for the CSS to load.
        const script =
          `(function(t,d){var s={};function p(f){for(var i=0;i<t.length;i++)` +
          `if(t[i][2]===f&&new RegExp(t[i][0]).test(location.pathname))t[i][1].forEach(function(h){` +
          `if(s[h])return;s[h]=1;var l=document.createElement('link');l.rel='modulepreload';` +
          `l.crossOrigin='';l.href=h;document.head.appendChild(l)})}p(0);` +
          `window.__trussPreloadDeferred=function(){window.__trussPreloadDeferred=function(){};p(1)};` +
          `window.__trussPreloadOnPreview=function(){window.__trussPreloadOnPreview=function(){};p(2)};` +
          `window.__trussPreloadDrawing=function(pdf){p(3);if(pdf)p(4)};` +
          `if(!new RegExp(d).test(location.pathname))window.__trussPreloadDeferred()})` +
          `(${JSON.stringify(table)},${JSON.stringify(options.deferOn?.source ?? '^$')})`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
