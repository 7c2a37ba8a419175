/// <reference types="vite/client" />

/** The id of this build; `/build/latest.json` carries the id of the newest deployed build. */
declare const __TRUSS_BUILD_ID__: string;
/** Boot steps on (true in every build but `npm run bench:boot`'s: vite.config.ts TRUSS_BOOT_OFF). */
declare const __TRUSS_BOOT_EARLY_VIEW__: boolean;
declare const __TRUSS_BOOT_MODELS_LIST__: boolean;

/**
 * pdf.js's worker script as the build emitted it, in model.html's first script only
 * (build/inline-scripts.ts); undeclared elsewhere (read it behind `typeof`).
 */
declare const __TRUSS_PDF_WORKER_URL__: string | undefined;
/** A drawing page's sheet engine chunk (boot/drawing/early-engine.ts), in model.html's script. */
declare const __TRUSS_DRAWING_ENGINE_URL__: string | undefined;
/** pdf.js's chunk (pdfjs-dist/build/pdf.mjs), in model.html's script. */
declare const __TRUSS_PDFJS_URL__: string | undefined;

/** An answer index.html's first script read into memory: `bytes` is null when it failed. */
interface EarlyRead {
  answer: Response;
  bytes: ArrayBuffer | null;
}

interface Window {
  /**
   * Adds the deferred `<link rel="modulepreload">`s of the current path (build/route-modulepreload.ts);
   * once, later calls do nothing.
   */
  __trussPreloadDeferred?: () => void;
  /**
   * Adds the `<link rel="modulepreload">`s of the current path that wait for a model page's
   * preview (the engine); once, later calls do nothing.
   */
  __trussPreloadOnPreview?: () => void;
  /**
   * A model page's requests started by the first scripts of model.html (boot/inline/model-fetch.ts),
   * for the early view (boot/model-page/early-viewer.ts), which takes them once.
   */
  __trussEarlyFetch?: {
    id: string;
    token: string;
    /** GET /api/models/{id}, read. */
    model: Promise<EarlyRead>;
    /** GET /api/models/{id}/viewable.glb and metadata.json with the bearer token, read. */
    glb: Promise<EarlyRead>;
    metadata: Promise<EarlyRead>;
    /**
     * The first picture, with the view's canvas and its WebGL2 context, started right after the
     * viewable was asked for (boot/preview/early-preview.ts startEarlyPreview, inline in
     * model.html); null without WebGL2 or without that script.
     */
    preview?: Promise<import('./boot/preview/early-preview').EarlyPreview | null>;
  };
  /**
   * Adds the `<link rel="modulepreload">`s of a drawing's page: the sheet engine's, and with
   * `pdf` pdf.js's (build/route-modulepreload.ts); each once.
   */
  __trussPreloadDrawing?: (pdf: boolean) => void;
  /**
   * A drawing page's requests and first picture started by model.html's first script
   * (boot/drawing/early-sheet.ts), for the entry's boot (boot/drawing/early-drawing.ts).
   */
  __trussEarlyDrawing?: import('./boot/drawing/early-sheet').EarlyDrawing;
  /** pdf.js's worker, started by model.html's first script for a PDF drawing (early-sheet.ts). */
  __trussPdfWorker?: Worker;
  /** The preview's module, set by its inline bundle in model.html (boot/inline/preview-start.ts). */
  __trussEarlyPreview?: typeof import('./boot/preview/early-preview');
}

/** One part of one language's texts, cut from the locale files by build/catalogue-parts.ts. */
declare module 'virtual:truss-texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
