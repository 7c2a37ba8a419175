import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A model page's three requests (its viewable.glb, then the model and metadata.json), its view's
 * canvas with a WebGL2 context and its first picture, started by scripts at the top of the model
 * page's shell (model.html, which the server sends for /model/:id), as soon as the HTML is
 * parsed: not after the entry's scripts have downloaded and run, and not one after the other (the
 * files' signed URLs come with the model's answer, but the file routes take the bearer token as
 * well). The page's early view (src/features/viewer/boot/early-viewer.ts) takes them from
 * `window.__trussEarlyFetch` (declared in src/vite-env.d.ts). The checks are those of
 * src/features/viewer/boot/early-route.ts (earlyModelRequest), which a test compares with this
 * script; anything else leaves the page to the entry as before.
 */
export interface EarlyModelFetchOptions {
  /** localStorage key of the session (lib/stored-session.ts AUTH_STORAGE_KEY). */
  storageKey: string;
  /** A token counts as expired this long before its expiry (TOKEN_EXPIRY_MARGIN_MS). */
  expiryMarginMs: number;
}

/** Where the page's first picture comes from: a script before this one defines this global. */
export interface EarlyPreviewGlobal {
  /**
   * The global the model page's inline preview bundle (src/features/viewer/boot/early-preview.ts,
   * built as one script) sets to the module's exports.
   */
  global: string;
}

/**
 * The script: ES5, no dependencies. Every answer is read into memory as it arrives and handed
 * over as `{answer, bytes}` (bytes null when it failed): the page's code reads the bytes at once,
 * where reading a Response again would wait for tasks queued behind the engine's start.
 *
 * It is the first script of the page, before the preview's bundle (whose WASM decoder alone takes
 * some 7 ms to set up): the viewable's answer then comes early enough to be handled before the
 * page's stylesheet and entry module rather than after them (earlyPreviewStartScript).
 */
export function earlyModelFetchScript(options: EarlyModelFetchOptions): string {
  return (
    `(function(w,k,m){try{` +
    `var r=/^\\/model\\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\/?$/i.exec(w.location.pathname);` +
    `if(!r)return;var id=r[1];var s=JSON.parse(w.localStorage.getItem(k)||'null');` +
    `if(!s||typeof s!=='object'||s.isAuthenticated!==true||typeof s.token!=='string'||!s.token` +
    `||typeof s.tokenExpiry!=='number'||Date.now()>=s.tokenExpiry-m)return;` +
    `var c=/(?:^|;\\s*)locale=([^;]*)/.exec(w.document.cookie),l='en';` +
    `try{if(c&&decodeURIComponent(c[1])==='zh-CN')l='zh-CN'}catch(e){}` +
    `var b='/api/models/'+id,y=w.crypto;` +
    // A fresh X-Request-Id per request, as lib/request-id.ts newRequestId makes it (spec §7).
    `var q=function(){return y&&typeof y.randomUUID==='function'?y.randomUUID():` +
    `Date.now().toString(36)+'-'+Math.random().toString(36).slice(2,12)};` +
    `var f=function(u){var h={Authorization:'Bearer '+s.token,'Accept-Language':l,'X-Request-Id':q()};` +
    `var p=w.fetch(u,{headers:h,priority:'high'}).then(function(a){` +
    `return a.ok?a.arrayBuffer().then(function(x){return{answer:a,bytes:x}}):{answer:a,bytes:null}});` +
    `p.catch(function(){});return p};` +
    // The viewable at once: the preview draws it. The model and its metadata a task later: the
    // browser asks a host over six connections at most, and the preview needs neither.
    `var e=w.__trussEarlyFetch={id:id,token:s.token,glb:f(b+'/viewable.glb')};` +
    `var later=new Promise(function(r){setTimeout(r,0)});` +
    `e.model=later.then(function(){return f(b)});e.metadata=later.then(function(){return f(b+'/metadata.json')})` +
    `}catch(e){}})(window,${JSON.stringify(options.storageKey)},${Number(options.expiryMarginMs)})`
  );
}

/**
 * The script after the preview's bundle: it starts the first picture (`preview`, the inline
 * startEarlyPreview) when the fetch script asked for the viewable. That makes the view's canvas
 * and its WebGL2 context, which takes the main thread 20-80 ms on a software GPU, spent while the
 * viewable downloads, and draws the model without three.js as soon as its bytes are in. A timer
 * or a module import in between left the page's own parsing, styles and entry module ahead of
 * them (measured: the first frame 25-45 ms later).
 */
export function earlyPreviewStartScript(preview: EarlyPreviewGlobal): string {
  return (
    `(function(w,G){var e=w.__trussEarlyFetch;if(!e)return;try{` +
    // Without the preview's script (it failed) the early view starts the preview itself.
    `var g=w[G];e.preview=Promise.resolve(g?g.startEarlyPreview(e.glb.then(function(x){return x.bytes})):null);` +
    `e.preview.catch(function(){})` +
    `}catch(x){}})(window,${JSON.stringify(preview.global)})`
  );
}

/**
 * The model page's shell: index.html with the fetch script, the preview and its start first in
 * <head>. The server sends it for /model/:id (apps/server/src/http/spa.ts PAGE_SHELLS, which
 * names it too).
 */
const MODEL_PAGE_HTML = 'model.html';

/**
 * Code as the content of an inline <script>: refused when it holds what would end the element
 * or change how the HTML parser reads it (the build fails rather than ship a broken page).
 */
export function inlineScript(code: string): string {
  if (/<\/script|<!--/i.test(code))
    throw new Error('inline script: the code holds "</script" or "<!--"');
  return `<script>${code}</script>`;
}

/** `html` with `scripts` (whole <script> elements) at the top of its <head>. */
export function withHeadScripts(html: string, scripts: string[]): string {
  const head = /<head[^>]*>/i.exec(html);
  if (!head) throw new Error('early-model-fetch: index.html has no <head>');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${scripts.join('\n    ')}${html.slice(at)}`;
}

/** `entry` (relative to `root`) as one classic script that sets `window[global]` to its exports. */
export async function classicScript(root: string, entry: string, global: string): Promise<string> {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry: path.resolve(root, entry), formats: ['iife'], name: global },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
    'output' in r ? r.output : [],
  );
  const chunk = outputs.find((output) => output.type === 'chunk');
  if (!chunk || outputs.length !== 1)
    throw new Error(`inline script: ${entry} did not build to one script`);
  return chunk.code;
}

/**
 * Writes `model.html` beside index.html (the server sends it for /model/:id): index.html with,
 * first in <head>, the fetch script, the preview's module built as one inline script and the
 * script that starts it. The model page's first picture then needs no module request and starts
 * as the viewable arrives; other pages do not carry the preview's 40 KB.
 */
export function earlyModelFetch(
  options: EarlyModelFetchOptions & {
    /** The first picture's module, relative to the app's root. */
    previewModule: string;
  },
): Plugin {
  const global = '__trussEarlyPreview';
  let root = process.cwd();
  return {
    name: 'truss-early-model-fetch',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('early-model-fetch: no index.html');
        const code = await classicScript(root, options.previewModule, global);
        this.emitFile({
          type: 'asset',
          fileName: MODEL_PAGE_HTML,
          source: withHeadScripts(String(index.source), [
            inlineScript(earlyModelFetchScript(options)),
            inlineScript(code),
            inlineScript(earlyPreviewStartScript({ global })),
          ]),
        });
      },
    },
  };
}
