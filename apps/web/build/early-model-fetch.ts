import type { Plugin } from 'vite';

/**
 * A model page's three requests (its viewable.glb, then the model and metadata.json) and its
 * view's canvas with a WebGL2 context, started by a tiny script at the top of index.html, as soon
 * as the HTML is parsed: not after the entry's scripts have downloaded and run, and not one after
 * the other (the files' signed URLs come with the model's answer, but the file routes take the
 * bearer token as well). The page's early view
 * (src/features/viewer/boot/early-viewer.ts) takes them from `window.__trussEarlyFetch` (declared
 * in src/vite-env.d.ts). The checks are those of src/features/viewer/boot/early-route.ts
 * (earlyModelRequest), which a test compares with this script; anything else leaves the page to
 * the entry as before.
 */
export interface EarlyModelFetchOptions {
  /** localStorage key of the session (lib/stored-session.ts AUTH_STORAGE_KEY). */
  storageKey: string;
  /** A token counts as expired this long before its expiry (TOKEN_EXPIRY_MARGIN_MS). */
  expiryMarginMs: number;
  /**
   * The model page's frame (model-page-layout.ts MODEL_PAGE_LAYOUT) and the engine's WebGL context
   * attributes (packages/viewer gl-context.ts): the script also makes the view's canvas and its
   * context, sized as the early view would.
   */
  layout: {
    headerHeight: number;
    narrowBelow: number;
    panelWidths: readonly { from: number; width: number }[];
  };
  contextAttributes: WebGLContextAttributes;
}

/** Where the page's first picture comes from (resolved from the bundle by the plugin). */
export interface EarlyPreviewModule {
  /** The built chunk of src/features/viewer/boot/early-preview.ts, as the page asks for it. */
  url: string;
}

/**
 * The script: ES5 but for one import(), no dependencies. Every answer is read into memory as it
 * arrives and handed over as `{answer, bytes}` (bytes null when it failed): the page's code reads
 * the bytes at once, where reading a Response again would wait for tasks queued behind the
 * engine's start.
 *
 * A task later it also makes the view's canvas and its WebGL2 context (`canvas`): making a
 * context takes the main thread 20-80 ms on a software GPU, spent here while the page's scripts
 * and the model download, instead of after the entry has started. Then it loads the first
 * picture's module and starts it (`preview`): the model drawn without three.js once its bytes are
 * in, not after the page's entry, which runs only once the whole document is parsed.
 */
export function earlyModelFetchScript(
  options: EarlyModelFetchOptions,
  preview: EarlyPreviewModule,
): string {
  return (
    `(function(w,k,m,L,A,U){try{` +
    `var r=/^\\/model\\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\/?$/i.exec(w.location.pathname);` +
    `if(!r)return;var id=r[1];var s=JSON.parse(w.localStorage.getItem(k)||'null');` +
    `if(!s||typeof s!=='object'||s.isAuthenticated!==true||typeof s.token!=='string'||!s.token` +
    `||typeof s.tokenExpiry!=='number'||Date.now()>=s.tokenExpiry-m)return;` +
    `var c=/(?:^|;\\s*)locale=([^;]*)/.exec(w.document.cookie),l='en';` +
    `try{if(c&&decodeURIComponent(c[1])==='zh-CN')l='zh-CN'}catch(e){}` +
    `var h={Authorization:'Bearer '+s.token,'Accept-Language':l},b='/api/models/'+id;` +
    `var f=function(u){var p=w.fetch(u,{headers:h,priority:'high'}).then(function(a){` +
    `return a.ok?a.arrayBuffer().then(function(x){return{answer:a,bytes:x}}):{answer:a,bytes:null}});` +
    `p.catch(function(){});return p};` +
    // The viewable at once: the preview draws it. The model and its metadata a task later, after
    // the preview's chunk (the next script asks for it): the browser asks a host over six
    // connections at most, and the preview needs neither.
    `var e=w.__trussEarlyFetch={id:id,token:s.token,glb:f(b+'/viewable.glb')};` +
    `var later=new Promise(function(r){setTimeout(r,0)});` +
    `e.model=later.then(function(){return f(b)});e.metadata=later.then(function(){return f(b+'/metadata.json')});` +
    `e.preview=later.then(function(){var W=w.innerWidth,p=0,i,P=L.panelWidths;` +
    `if(W>=L.narrowBelow)for(i=0;i<P.length;i++)if(W>=P[i].from){p=P[i].width;break}` +
    `var q=Math.min(w.devicePixelRatio||1,2),c=w.document.createElement('canvas');` +
    `c.width=Math.max(1,Math.floor((W-2*p)*q));c.height=Math.max(1,Math.floor((w.innerHeight-L.headerHeight)*q));` +
    `if(c.getContext('webgl2',A))e.canvas=c;` +
    `return import(U).then(function(v){return v.startEarlyPreview(e.canvas,e.glb.then(function(g){return g.bytes}))})});` +
    `e.preview.catch(function(){})` +
    `}catch(e){}})(window,${JSON.stringify(options.storageKey)},${Number(options.expiryMarginMs)},` +
    `${JSON.stringify(options.layout)},${JSON.stringify(options.contextAttributes)},${JSON.stringify(preview.url)})`
  );
}

/**
 * Puts the script at the top of <head>, before the route preload script when that plugin is
 * listed before this one: the viewable is asked for first, since the preview draws the model as
 * soon as it (and the preview's small chunk) is in; three.js is asked for only then.
 */
export function earlyModelFetch(
  options: EarlyModelFetchOptions & {
    /** The first picture's module, relative to the app's root (its chunk is looked up). */
    previewModule: string;
  },
): Plugin {
  return {
    name: 'truss-early-model-fetch',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        const isModule = (id: string | null) =>
          !!id && id.replaceAll('\\', '/').endsWith(`/${options.previewModule}`);
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (output) => output.type === 'chunk' && isModule(output.facadeModuleId),
        );
        if (!chunk) throw new Error(`early-model-fetch: no chunk for ${options.previewModule}`);
        const script = earlyModelFetchScript(options, { url: `/${chunk.fileName}` });
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
