import type { Plugin } from 'vite';
import { classicScript, inlineScript } from './early-model-fetch';

/** `html` with `script` (a whole <script> element) last in its <body>. */
export function withBodyEndScript(html: string, script: string): string {
  const at = html.lastIndexOf('</body>');
  if (at < 0) throw new Error('early-outline-inline: index.html has no </body>');
  return `${html.slice(0, at)}  ${script}\n  ${html.slice(at)}`;
}

/**
 * index.html with the models list's outline module (src/app/shell/early-outline-inline.ts) built
 * as one inline script, last in <body>: it runs as the parser reaches it, so the outline is in
 * the page's first frame. Drawn by the entry, it waited for the entry's and its chunk's download
 * and evaluation, after the route's other module preloads had been asked for.
 */
export function earlyOutlineInline(options: { module: string }): Plugin {
  let root = process.cwd();
  return {
    name: 'truss-early-outline-inline',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const code = await classicScript(root, options.module, '__trussEarlyOutline');
        return withBodyEndScript(html, inlineScript(code));
      },
    },
  };
}
