/**
 * The model page's 3D view, started before the app: on `/model/{id}` with a valid stored session,
 * the model's first picture is on its way already (model.html's scripts and preview/early-preview.ts:
 * the canvas where the page's view will be, inside a plain-DOM outline of the page, and a
 * three-free preview); the entry checks the model's answer, loads the engine (three.js, no React)
 * and opens the viewable on that canvas. The app starts once the model is in (or at a deadline).
 * What was made goes to the model page as one EarlyView in the boot's hand-off (boot/handoff.ts),
 * taken once by its route loader: the model's answer for its query, then the engine with its
 * canvas and its load for its viewer. Anything unexpected (another page, no
 * session, a model that is not ready, an error) leaves the page to the app as before.
 *
 * Why: the app's own start (React, router, i18n, schemas) costs a few hundred ms of main thread
 * on a slow machine before the page could even ask for the model; the engine does not need it.
 */
// Not the engine's module: that would put three.js into the app's entry. It is imported once
// the preview has drawn (open).
import type { ModelPreview } from '@truss/viewer/preview';
import { withCallHeaders } from '../../lib/request-id';
import {
  fetchViewableFile,
  handViewableFile,
  isVersionOf,
  modelViewInsets,
  peekViewableBytes,
  prefetchViewableFiles,
  type AdoptedEarlyEngine,
  type EarlyLoad,
  type EarlyView,
  type LoadedModelInfo,
  type Viewer,
} from '../../features/viewer/early';
import { handOver } from '../handoff';
import { askEarly } from '../models-list/ask-early';
import type { BootPage, BootSession } from '../page';
import { isEarlyViewable, type ViewableModel } from './viewable-model';

/** The model page's request: its model, with the stored session. */
interface EarlyModelRequest extends BootSession {
  modelId: string;
}

/** The app waits for the early view's model at most until this long after navigation. */
export const APP_START_DEADLINE_MS = 1000;

interface EarlyViewer {
  viewer: Viewer;
  canvas: HTMLCanvasElement;
  outline: HTMLElement;
  /** Holds the canvas and the engine's overlay layer (labels, view cube). */
  view: HTMLElement;
  glb: string;
  load: Promise<LoadedModelInfo>;
  controller: AbortController;
  /** Set by the engine's first-frame event. */
  drawn: { firstFrame: boolean };
  /** The page took the engine and its canvas (the outline is gone). */
  adopted: boolean;
  /** Frames after the one that shows every batch wait for the page (see open); this lets them go. */
  releaseFrames: () => void;
  /** The three-free preview drawn before the engine (its GL objects, freed after its frame). */
  preview: Promise<ModelPreview | null>;
}

let early: EarlyViewer | null = null;
/** What the page may claim, until it does (or the early view is dropped). */
let claimable: EarlyView | null = null;
/** The page has looked for the early view (or dropped it): too late to open one now. */
let abandoned = false;
/** Lets the handed-over session requests go (handOverSession): called once it is time. */
let sendSession = () => {};

type InlineFetches = NonNullable<Window['__trussEarlyFetch']>;

/**
 * The requests model.html's first scripts started for this page (inline/model-fetch.ts),
 * taken once: null when it started none or for another model or session.
 */
function takeInlineFetches(request: EarlyModelRequest): InlineFetches | null {
  const inline = window.__trussEarlyFetch;
  window.__trussEarlyFetch = undefined;
  return inline?.id === request.modelId && inline.token === request.token ? inline : null;
}

function requestModel(
  request: EarlyModelRequest,
  inline: InlineFetches | null,
): Promise<ViewableModel> {
  if (inline) {
    return inline.model.then(({ answer, bytes }) => {
      if (!bytes) throw new Error(`early model request: HTTP ${answer.status}`);
      return JSON.parse(new TextDecoder().decode(bytes)) as ViewableModel;
    });
  }
  const response = fetch(`/api/models/${request.modelId}`, {
    headers: withCallHeaders({ Authorization: `Bearer ${request.token}` }, request.locale),
    priority: 'high',
  });
  return response.then(async (answer) => {
    if (!answer.ok) throw new Error(`early model request: HTTP ${answer.status}`);
    return (await answer.json()) as ViewableModel;
  });
}

async function open(
  request: EarlyModelRequest,
  answer: Promise<ViewableModel>,
  inline: InlineFetches | null,
  filesAsked: () => void,
): Promise<void> {
  // The model, drawn without three.js as soon as its bytes are in: model.html started that
  // (early-preview.ts) with its download by the model's id, which does not wait for the model's
  // answer (checked below, before the engine starts). Without it, the download the answer starts.
  let handed: (download: Promise<ArrayBuffer | null> | null) => void = () => undefined;
  const handedBytes = new Promise<ArrayBuffer | null>(
    (resolve) => (handed = (download) => resolve(download)),
  );
  const starting = (inline?.preview ?? Promise.resolve(null))
    .catch(() => null)
    .then(
      (made) =>
        made ??
        import('../preview/early-preview').then(({ startEarlyPreview }) =>
          startEarlyPreview(inline ? inline.glb.then(({ bytes }) => bytes) : handedBytes),
        ),
    );
  starting.catch(() => undefined);
  const closeEarly = () => {
    handed(null);
    void starting.then(
      (made) => made?.close(),
      () => undefined,
    );
  };
  // The engine's code is asked for once the preview has drawn (or will not): its preloads and
  // evaluation then come after the preview's draw, not between its decode and its draw. Not at
  // all when model.html's request found no viewable (a drawing, a model not ready): three.js
  // would take the connections and the main thread from what the page shows instead.
  const engine = starting
    .then((made) => made?.preview)
    .then(() => inline?.glb)
    .then((read) => {
      if (read && !read.bytes) throw new Error(`no viewable: HTTP ${read.answer.status}`);
      return import('../../features/viewer/engine');
    });
  engine.catch(() => undefined);
  const model = await answer.catch((error: unknown) => {
    closeEarly();
    throw error;
  });
  performance.mark('truss:answer');
  if (!isEarlyViewable(model, request.modelId)) return closeEarly();
  const glb = model.viewable_url!;
  const metadata = model.metadata_url;
  // Asked for by model.html already (by the model's id), or as soon as their URLs are known; the
  // engine (or, if this view is dropped, the page's) takes them from the handoff, and the page's
  // prefetch does not ask again.
  if (inline) {
    handViewableFile(glb, inline.glb);
    if (metadata) handViewableFile(metadata, inline.metadata);
  }
  prefetchViewableFiles(model);
  handed(peekViewableBytes(glb));
  filesAsked();
  const started = await starting.catch((error: unknown) => {
    closeEarly();
    throw error;
  });
  if (!started) return; // no WebGL2: the page says so
  if (abandoned) return closeEarly();
  const { canvas } = started;
  const previewed = started.preview;
  const { outline: outlineElement, view } = started.outline();
  // What the preview decoded is for this load only if it drew the version the model names.
  const decoded = Promise.all([previewed, inline?.glb.catch(() => null)]).then(([shown, read]) =>
    shown && (!read || isVersionOf(glb, read.answer)) ? shown.streams : null,
  );
  let viewer: Viewer;
  try {
    const { createViewer } = await engine;
    performance.mark('truss:engine');
    // The page went on without the early view meanwhile.
    if (abandoned) return closeEarly();
    viewer = createViewer({ canvas });
  } catch (error) {
    closeEarly();
    throw error;
  }
  performance.mark('truss:viewer');
  // The page's files (its route's chunks) once the model's bytes are in: they download and
  // compile off the main thread while the model decodes and draws, so the page is not a waterfall
  // of imports after the first frame (some 200 ms). Sooner, they took the model's connections.
  const offFetched = viewer.on('progress', ({ stage }) => {
    if (stage !== 'decode') return;
    offFetched();
    window.__trussPreloadDeferred?.();
  });
  // The cube appears with the app's toolbar, labelled in the page's language.
  viewer.navigation.setViewCubeVisible(false);
  // The first fit leaves the toolbar's band free, as the preview's did: fitted to the whole
  // canvas, the model moved once the page measured its toolbar (and the engine drew it again).
  viewer.navigation.setViewInsets(modelViewInsets());
  const drawn = { firstFrame: false };
  // Once a frame shows every batch, later frames (refinements) wait for the page, which is
  // starting then: on a slow GPU each costs the main thread as much as the app's whole start.
  // Adoption or a touch on the view lets them go.
  let held: (() => void) | null = null;
  let letGo = false;
  const release = () => {
    letGo = true;
    held?.();
    held = null;
  };
  canvas.addEventListener('pointerdown', release);
  canvas.addEventListener('wheel', release, { passive: true });
  const offBuilt = viewer.on('progress', ({ stage, fraction }) => {
    if (stage !== 'build' || fraction !== 1) return;
    offBuilt();
    // The frame with the last batches is drawn on the next animation frame; hold after it.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (!letGo) held = viewer.holdFrames();
      }),
    );
  });
  const offFirst = viewer.on('first-frame', () => {
    offFirst();
    drawn.firstFrame = true;
    // The engine's frame is on screen: the preview's objects can go.
    void previewed.then((shown) => shown?.dispose());
    performance.mark('truss:first-frame');
    sendSession();
    // Drawn on the animation frame after the first slice, this frame may come after the page
    // has loaded (a small model whose load ends first).
    if (document.body.dataset.viewerState !== 'loaded')
      document.body.dataset.viewerState = 'first-frame';
  });
  const controller = new AbortController();
  const load = viewer.load(
    {
      glb,
      ...(metadata ? { metadata } : {}),
      fetch: fetchViewableFile,
      // What the preview decoded of the .glb, for this load.
      decodedStreams: decoded,
    },
    { signal: controller.signal },
  );
  early = {
    viewer,
    canvas,
    outline: outlineElement,
    view,
    glb,
    load,
    controller,
    drawn,
    adopted: false,
    releaseFrames: release,
    preview: previewed,
  };
  // The model is in (the page's own `truss:loaded` follows once its panels are up).
  load.then(() => performance.mark('truss:model-loaded')).catch(() => undefined);
  // The app starts once the whole model is in (or at the deadline): its preloads and start took
  // the main thread between the first frame and the last batches (some 150 ms on a loaded
  // machine). Until the page adopts it, a failed load only ends the wait (and the early view):
  // the page loads again and shows the error where it belongs.
  await load;
}

/**
 * The session data the app's guard loads (the profile and preferences before it renders the page,
 * the subscription and the project list behind it), handed over when the early view starts but
 * asked for only once the engine's first frame is drawn (not sooner: the model's requests and
 * frames come first), once the early view ends without one, or at SESSION_DEADLINE_MS. Their
 * round trip (90-470 ms on a loaded machine) then overlaps that frame's commit and the app's
 * start, and an app started at its deadline (a loaded machine) waits for them rather than asking
 * before the model is drawn. The project list and the subscription too: the page's toolbar
 * waited for them (page ready − first frame, bench:viewer Truss only, two paired rounds:
 * 1340-1774 ms before, 1401-1682 ms with them).
 */
function handOverSession(session: BootSession): void {
  const time = new Promise<void>((resolve) => (sendSession = resolve));
  setTimeout(sendSession, SESSION_DEADLINE_MS - performance.now());
  // Observed by handOver: one nobody takes is no unhandled rejection.
  const ask = (path: string) => time.then(() => askEarly(session, path));
  handOver({
    session: {
      profile: ask('/api/user/profile'),
      preferences: ask('/api/user/preferences'),
      subscription: ask('/api/user/subscription'),
      projects: ask('/api/project'),
    },
  });
}

/**
 * The session's requests wait for the early view's first frame at most until this long after
 * navigation.
 */
export const SESSION_DEADLINE_MS = 3000;

/**
 * Starts the early view of a model page with a session. `appMayStart` resolves when the app
 * should start: once the model is in, when there is nothing to do early or it failed, or at the
 * deadline (a large model may take longer; the app's progress shows from then). `preloadApp` is
 * called then too: the browser asks a host over six connections at most, and the app's forty-odd
 * files would hold up the model's. `claimView` gives the page its EarlyView, once: null once it
 * was claimed or dropped (the boot hands it over).
 */
export function startEarlyViewer(
  page: Extract<BootPage, { kind: 'model' }>,
  preloadApp: () => void,
  /** A drawing's early sheet (boot/drawing): settles at once for a 3D model. */
  sheetOpened: Promise<void> | null = null,
): { claimView: () => EarlyView | null; appMayStart: Promise<void> } {
  const request: EarlyModelRequest = { modelId: page.modelId, ...page.session };
  const inline = takeInlineFetches(request);
  const response = requestModel(request, inline);
  response.catch(() => undefined);
  claimable = { model: response, adoptEngine, takeLoad, drop: dropEarlyViewer };
  let filesAsked = () => {};
  const asked = new Promise<void>((resolve) => (filesAsked = resolve));
  handOverSession(request);
  const opened = open(request, response, inline, filesAsked).then(
    // open() ends once the model is in, a frame before the engine draws it (which sends them),
    // or early when there is no view to open (a drawing, a model not ready, no WebGL2).
    () => {
      if (!early) sendSession();
    },
    (error: unknown) => {
      console.warn('[viewer] the early view did not open; the page opens it', error);
      dropEarlyViewer();
    },
  );
  // Even past the deadline (a page that itself loaded slowly), the app's files queue behind the
  // model's: asked for first, the app's forty-odd files took the connections, the model's bytes
  // waited for them, and the app rendered before the early view's first frame.
  const deadline = Promise.all([
    asked,
    new Promise((resolve) => setTimeout(resolve, APP_START_DEADLINE_MS - performance.now())),
  ]);
  return {
    claimView: () => {
      const view = claimable;
      claimable = null;
      return view;
    },
    // A drawing (the model's answer said so) waits for its early sheet instead.
    appMayStart: Promise.race([
      Promise.all([opened, sheetOpened]).then(() => undefined),
      deadline.then(() => undefined),
    ]).finally(preloadApp),
  };
}

function adoptEngine(glb: string, host: HTMLElement): AdoptedEarlyEngine | null {
  if (!early || early.adopted) {
    // The page makes its own engine now: an early view that is still opening must not appear.
    if (!early) abandoned = true;
    return null;
  }
  if (early.glb !== glb) {
    dropEarlyViewer();
    return null;
  }
  early.adopted = true;
  const { viewer, canvas, outline, view } = early;
  canvas.removeAttribute('style');
  host.append(...view.childNodes);
  outline.remove();
  early.releaseFrames();
  return { viewer, canvas };
}

function takeLoad(viewer: Viewer, glb: string): EarlyLoad | null {
  if (!early?.adopted || early.viewer !== viewer || early.glb !== glb) return null;
  const { load, controller, drawn } = early;
  early = null;
  return { load, controller, firstFrame: drawn.firstFrame };
}

/** The app shows another page, or the model page has no use for the early view: dispose of it. */
export function dropEarlyViewer(): void {
  sendSession();
  abandoned = true;
  claimable = null;
  const current = early;
  early = null;
  // An adopted engine is the page's to dispose of.
  if (!current || current.adopted) return;
  current.controller.abort();
  current.outline.remove();
  void current.preview.then((shown) => shown?.dispose());
  current.viewer.dispose();
}
