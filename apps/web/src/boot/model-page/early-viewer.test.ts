import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { EarlyView, LoadedModelInfo, Viewer } from '../../features/viewer/early';
import type * as ViewableHandoff from '../../features/viewer/viewable-handoff';
import { APP_START_DEADLINE_MS, SESSION_DEADLINE_MS } from './early-viewer';

const id = '6b864b02-dcb1-4990-a87b-cf5871653ae4';
const glb = `/api/models/${id}/viewable.glb?v=1&exp=1&sig=a`;
const metadata = `/api/models/${id}/metadata.json?v=1&exp=1&sig=b`;

interface FakeEngine {
  viewer: Viewer;
  emit: (type: string, event?: unknown) => void;
  load: ReturnType<typeof vi.fn>;
  dispose: ReturnType<typeof vi.fn>;
  /** Whether frames are held (after the first frame, until the page adopts the engine). */
  held: () => boolean;
  resolveLoad: (info: LoadedModelInfo) => void;
  canvas: HTMLCanvasElement;
}
const engines: FakeEngine[] = [];

vi.mock('../../features/viewer/engine', () => ({
  createViewer: ({ canvas }: { canvas: HTMLCanvasElement }) => {
    const listeners = new Map<string, (event?: unknown) => void>();
    let resolveLoad: (info: LoadedModelInfo) => void = () => undefined;
    const load = vi.fn(() => new Promise<LoadedModelInfo>((resolve) => (resolveLoad = resolve)));
    const dispose = vi.fn();
    let holds = 0;
    // Like the engine: its overlay layer goes beside the canvas.
    const overlay = document.createElement('div');
    overlay.dataset.trussViewerOverlay = '';
    canvas.parentElement?.append(overlay);
    const viewer = {
      on: (type: string, listener: (event?: unknown) => void) => {
        listeners.set(type, listener);
        return () => listeners.delete(type);
      },
      load,
      dispose,
      navigation: { setViewCubeVisible: vi.fn(), setViewInsets: vi.fn() },
      holdFrames: () => {
        holds++;
        let released = false;
        return () => {
          if (!released) holds--;
          released = true;
        };
      },
    };
    engines.push({
      viewer: viewer as unknown as Viewer,
      emit: (type, event) => listeners.get(type)?.(event),
      load,
      dispose,
      held: () => holds > 0,
      resolveLoad: (info) => resolveLoad(info),
      canvas,
    });
    return viewer;
  },
}));
vi.mock('@truss/viewer/gl-context', () => ({
  createViewCanvas: () => document.createElement('canvas'),
}));
/** The three-free preview (its drawing is tested in packages/viewer): what it was given. */
interface Prepared {
  canvas: HTMLCanvasElement;
  dispose: () => void;
}
const prepared: Prepared[] = [];
const previews: {
  canvas: HTMLCanvasElement;
  bytes: ArrayBuffer;
  dispose: () => void;
  prepared: Prepared | null | undefined;
  insets: object | undefined;
}[] = [];
vi.mock('@truss/viewer/preview', () => ({
  preparePreview: (canvas: HTMLCanvasElement) => {
    const made = { canvas, dispose: vi.fn() };
    prepared.push(made);
    return made;
  },
  drawModelPreview: (
    canvas: HTMLCanvasElement,
    bytes: ArrayBuffer,
    options: { prepared?: Prepared | null; insets?: object } = {},
  ) => {
    const streams = { drawn: true };
    const dispose = vi.fn();
    previews.push({ canvas, bytes, dispose, prepared: options.prepared, insets: options.insets });
    return Promise.resolve({ streams, draws: 1, dispose });
  },
}));

let boot: {
  startEarlyViewer: (preloadApp: () => void) => Promise<void>;
  claimEarlyView: (id: string) => EarlyView | null;
  dropEarlyViewer: () => void;
};
let handoff: typeof ViewableHandoff;
let requests: string[];

function answer(model: Record<string, unknown> | null, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      requests.push(url);
      if (url === `/api/models/${id}`) {
        return Promise.resolve(new Response(JSON.stringify(model), { status }));
      }
      return Promise.resolve(new Response(new ArrayBuffer(8)));
    }),
  );
}

const ready = {
  id,
  status: 'ready',
  viewable_url: glb,
  metadata_url: metadata,
  deleted_at: null,
};
const settle = async () => {
  // The early view imports its first picture's module and the engine's: wait for both.
  for (let i = 0; i < 3; i++) {
    await vi.dynamicImportSettled();
    for (let j = 0; j < 10; j++) await new Promise((resolve) => setTimeout(resolve, 0));
  }
};
/** Opens the early view of the ready model and returns its engine (nothing drawn yet). */
async function openEarly(): Promise<FakeEngine> {
  answer(ready);
  void boot.startEarlyViewer(() => undefined);
  await settle();
  return engines[0]!;
}

/** The engine draws its first frame, then the frame with every batch, a frame later. */
async function drawAll(engine: FakeEngine): Promise<void> {
  engine.emit('first-frame');
  engine.emit('progress', { stage: 'build', fraction: 1 });
  await frames(2);
}

/** Waits for `n` animation frames (rAF callbacks queued before run first). */
const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};
const outline = () => document.querySelector<HTMLElement>('[data-early-viewer]');

beforeEach(async () => {
  vi.resetModules();
  const [start, handed, viewer] = await Promise.all([
    import('../start'),
    import('../handoff'),
    import('./early-viewer'),
  ]);
  // As the app meets it: the boot's start, and the page's loader taking the hand-off once.
  boot = {
    startEarlyViewer: start.startBoot,
    claimEarlyView: (modelId) => {
      const modelPage = handed.takeBootHandoff()?.modelPage;
      return modelPage?.modelId === modelId ? modelPage.claim() : null;
    },
    dropEarlyViewer: viewer.dropEarlyViewer,
  };
  handoff = await import('../../features/viewer/viewable-handoff');
  engines.length = 0;
  previews.length = 0;
  prepared.length = 0;
  requests = [];
  window.history.replaceState(null, '', `/model/${id}`);
  localStorage.setItem(
    'truss',
    JSON.stringify({ token: 't', tokenExpiry: Date.now() + 600_000, isAuthenticated: true }),
  );
  performance.clearMarks('truss:first-frame');
});

afterEach(async () => {
  boot.dropEarlyViewer();
  // Dropping lets the handed-over session requests go: they go to this test's fetch.
  await settle();
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the early view', () => {
  it('does nothing without a session: the app may download and start at once', async () => {
    localStorage.clear();
    answer(ready);
    const preloadApp = vi.fn();
    await boot.startEarlyViewer(preloadApp);
    expect(preloadApp).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([]);
    expect(outline()).toBeNull();
  });

  it('opens a ready model where the page will show it and lets the app start after the first frame', async () => {
    answer(ready);
    // Right after navigation: the deadline (1 s after it) is far.
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const preloadApp = vi.fn();
    let started = false;
    const appMayStart = boot.startEarlyViewer(preloadApp).then(() => (started = true));
    await settle();
    expect(requests).toEqual([`/api/models/${id}`, glb, metadata]);
    const engine = engines[0]!;
    // The model was drawn without the engine, on the engine's canvas, from the early download.
    expect(previews).toHaveLength(1);
    expect(previews[0]!.canvas).toBe(engine.canvas);
    expect(previews[0]!.bytes.byteLength).toBe(8);
    // The program prepared on that canvas before the bytes were in draws it.
    expect(prepared).toHaveLength(1);
    expect(previews[0]!.prepared).toBe(prepared[0]);
    expect(prepared[0]!.canvas).toBe(engine.canvas);
    expect(engine.load).toHaveBeenCalledWith(
      expect.objectContaining({ glb, metadata, fetch: handoff.fetchViewableFile }),
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(await engine.load.mock.calls[0]![0].decodedStreams).toEqual({ drawn: true });
    // The engine reads the files already under way, not new requests, and the page's prefetch
    // of the same model does not ask for them again.
    const fetchFile = engine.load.mock.calls[0]![0].fetch as (
      u: string,
      i: object,
    ) => Promise<Response>;
    expect((await (await fetchFile(glb, {})).arrayBuffer()).byteLength).toBe(8);
    expect(requests.filter((url) => url === glb)).toHaveLength(1);
    handoff.prefetchViewableFiles(ready);
    expect(requests.filter((url) => url === glb)).toHaveLength(1);
    // Placed under the 48 px header between the side panels of a 1024 px window.
    const view = engine.canvas.parentElement!;
    expect(outline()?.contains(engine.canvas)).toBe(true);
    expect(view.style.top).toBe('48px');
    expect(view.style.left).toBe(`${window.innerWidth >= 1280 ? 288 : 256}px`);
    expect(started).toBe(false);
    expect(preloadApp).not.toHaveBeenCalled();
    // Its first fit leaves the page's toolbar band free, as the preview's did.
    expect(previews[0]!.insets).toEqual({ top: 0, right: 0, bottom: 54, left: 0 });
    const navigation = (engine.viewer as unknown as { navigation: { setViewInsets: Mock } })
      .navigation;
    expect(navigation.setViewInsets).toHaveBeenCalledWith({
      top: 0,
      right: 0,
      bottom: 54,
      left: 0,
    });
    expect(navigation.setViewInsets.mock.invocationCallOrder[0]).toBeLessThan(
      engine.load.mock.invocationCallOrder[0]!,
    );

    expect(previews[0]!.dispose).not.toHaveBeenCalled();
    engine.emit('first-frame');
    await appMayStart;
    // The engine's frame replaced the preview's: its GL objects went.
    expect(previews[0]!.dispose).toHaveBeenCalledTimes(1);
    expect(preloadApp).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName('truss:first-frame', 'mark')).toHaveLength(1);
    expect(document.body.dataset.viewerState).toBe('first-frame');
  });

  it("hands the guard its session data at once, asked for once the engine's first frame is drawn", async () => {
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const engine = await openEarly();
    const session = [
      '/api/user/profile',
      '/api/user/preferences',
      '/api/user/subscription',
      '/api/project',
    ];
    // The guard may take them before the first frame (an app started at its deadline)...
    const handed = await import('../handoff');
    const taken = handed.takeBootHandoff();
    expect(taken?.session?.profile).toBeInstanceOf(Promise);
    expect(taken?.modelPage?.modelId).toBe(id);
    await settle();
    // ...but they are not asked for before it: the model's requests and frames come first.
    expect(requests.filter((url) => session.includes(url))).toEqual([]);
    // Nor once the model is in: the engine draws it on the next animation frame.
    engine.resolveLoad({} as LoadedModelInfo);
    await settle();
    expect(requests.filter((url) => session.includes(url))).toEqual([]);
    engine.emit('first-frame');
    await settle();
    expect(requests.filter((url) => session.includes(url))).toEqual(session);
  });

  it('asks for the session data once the early view is dropped without a first frame', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(0);
    await openEarly();
    boot.dropEarlyViewer();
    await settle();
    expect(requests.filter((url) => url === '/api/user/profile')).toHaveLength(1);
  });

  it('asks for the session data at its deadline when the first frame takes longer', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(SESSION_DEADLINE_MS + 1);
    await openEarly();
    await settle();
    expect(requests.filter((url) => url === '/api/user/profile')).toHaveLength(1);
  });

  it('lets the app start at the deadline when the first frame takes longer (a large model)', async () => {
    answer(ready);
    vi.spyOn(performance, 'now').mockReturnValue(APP_START_DEADLINE_MS + 1);
    const preloadApp = vi.fn();
    await boot.startEarlyViewer(preloadApp);
    expect(preloadApp).toHaveBeenCalledTimes(1);
    await settle();
    // The early view goes on and is adopted as usual.
    expect(outline()).not.toBeNull();
  });

  it('past the deadline, lets the app download only once the model files are asked for', async () => {
    answer(ready);
    // The model's answer comes after the deadline's timer (a page that loaded slowly).
    const fetchNow = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === `/api/models/${id}`) await new Promise((resolve) => setTimeout(resolve, 20));
      return fetchNow(url);
    });
    vi.spyOn(performance, 'now').mockReturnValue(APP_START_DEADLINE_MS + 1);
    let asked: string[] = [];
    await boot.startEarlyViewer(() => (asked = [...requests]));
    expect(asked).toEqual([`/api/models/${id}`, glb, metadata]);
  });

  it('hands the engine, its canvas and overlay, its load and the model to the page, once', async () => {
    const engine = await openEarly();
    engine.emit('first-frame');
    engine.emit('progress', { stage: 'build', fraction: 0.5 });
    await frames(2);
    expect(engine.held()).toBe(false);
    // Once a frame shows every batch, later frames wait for the page, which is starting now.
    engine.emit('progress', { stage: 'build', fraction: 1 });
    await frames(1);
    expect(engine.held()).toBe(false);
    await frames(1);
    expect(engine.held()).toBe(true);
    const claimed = boot.claimEarlyView(id)!;
    await expect(claimed.model).resolves.toMatchObject({ viewable_url: glb });
    expect(boot.claimEarlyView(id)).toBeNull();

    const host = document.createElement('div');
    document.body.append(host);
    const taken = claimed.adoptEngine(glb, host);
    expect(taken?.viewer).toBe(engine.viewer);
    expect(host.querySelector('canvas')).toBe(engine.canvas);
    expect(host.querySelector('[data-truss-viewer-overlay]')).not.toBeNull();
    expect(engine.canvas.getAttribute('style')).toBeNull();
    expect(outline()).toBeNull();
    expect(engine.held()).toBe(false);
    expect(claimed.adoptEngine(glb, host)).toBeNull();

    const adopted = claimed.takeLoad(engine.viewer, glb);
    expect(adopted?.firstFrame).toBe(true);
    expect(claimed.takeLoad(engine.viewer, glb)).toBeNull();
    // The page owns the engine now: dropping the early view leaves it alone.
    claimed.drop();
    expect(engine.dispose).not.toHaveBeenCalled();
  });

  it("keeps the page's loaded state when the engine's first frame comes after it", async () => {
    const engine = await openEarly();
    document.body.dataset.viewerState = 'loaded';
    engine.emit('first-frame');
    expect(document.body.dataset.viewerState).toBe('loaded');
    expect(performance.getEntriesByName('truss:first-frame', 'mark')).toHaveLength(1);
  });

  it('lets the held frames go as soon as someone touches the view', async () => {
    const engine = await openEarly();
    await drawAll(engine);
    expect(engine.held()).toBe(true);
    engine.canvas.dispatchEvent(new Event('pointerdown'));
    expect(engine.held()).toBe(false);
    // Not held again afterwards.
    await drawAll(engine);
    expect(engine.held()).toBe(false);
  });

  it('leaves a processing model to the page, with the answer it got', async () => {
    answer({ ...ready, status: 'processing', viewable_url: null });
    const preloadApp = vi.fn();
    await boot.startEarlyViewer(preloadApp);
    expect(preloadApp).toHaveBeenCalledTimes(1);
    expect(engines).toHaveLength(0);
    expect(outline()).toBeNull();
    await expect(boot.claimEarlyView(id)!.model).resolves.toMatchObject({ status: 'processing' });
  });

  it('leaves a failed request to the page (which asks again, refreshing the token)', async () => {
    answer({ code: 'UNAUTHORIZED' }, 401);
    const preloadApp = vi.fn();
    await boot.startEarlyViewer(preloadApp);
    expect(preloadApp).toHaveBeenCalledTimes(1);
    expect(engines).toHaveLength(0);
    expect(boot.claimEarlyView(id)).toBeNull();
  });

  it('is disposed of when the page shows another viewable or has no use for it', async () => {
    const engine = await openEarly();
    expect(boot.claimEarlyView(id)!.adoptEngine('/other.glb', document.body)).toBeNull();
    expect(engine.dispose).toHaveBeenCalledTimes(1);
    expect(outline()).toBeNull();
    await settle();
    expect(previews[0]!.dispose).toHaveBeenCalledTimes(1);
    // What it had downloaded goes to the page's own viewer: no second request.
    await handoff.fetchViewableFile(glb, {});
    expect(requests.filter((url) => url === glb)).toHaveLength(1);
  });

  it('does not appear once the page has made its own engine', async () => {
    answer(ready);
    void boot.startEarlyViewer(() => undefined);
    // The page looks before the early engine exists (the app started at the deadline).
    expect(boot.claimEarlyView(id)!.adoptEngine(glb, document.body)).toBeNull();
    await settle();
    expect(engines).toHaveLength(0);
    expect(outline()).toBeNull();
  });
});
