import type { IndexHtmlTransformContext, Plugin } from 'vite';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

export interface PreloadRoute {
  /** Tested against `location.pathname` in the page before the app starts. */
  path: RegExp;
  /** The route's lazily imported module, relative to the app's root (e.g. `src/…/Page.tsx`). */
  module: string;
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
 * A lazily loaded page is requested only once the app's entry has run and the router has matched
 * it. For the pages whose first paint matters most (the viewer), a tiny script in index.html
 * matches the path first and adds `<link rel="modulepreload">` for the page's chunks, so they
 * download (and compile) beside the entry instead of after it.
 */
export function routeModulePreload(routes: PreloadRoute[]): Plugin {
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
          const page = [...chunks.values()].find((chunk) =>
            chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${route.module}`),
          );
          if (!page) throw new Error(`route-modulepreload: no chunk for ${route.module}`);
          return [route.path.source, withImports(chunks, page.fileName, entry).map((f) => `/${f}`)];
        });
        // Before the stylesheet: an inline script after it would wait for the CSS to load.
        const script =
          `(function(t){for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(location.pathname)){` +
          `t[i][1].forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';` +
          `l.crossOrigin='';l.href=h;document.head.appendChild(l)});return}})(${JSON.stringify(table)})`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
