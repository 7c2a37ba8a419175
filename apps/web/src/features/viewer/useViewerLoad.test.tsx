import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { EarlyView } from './early-view';
import type { LoadedModelInfo, Viewer } from './engine';
import {
  useEarlyMetadata,
  useLoadProgress,
  usePageReadyMark,
  useViewerLoad,
} from './useViewerLoad';

const early = {
  load: null as null | {
    load: Promise<unknown>;
    controller: AbortController;
    firstFrame: boolean;
  },
  view: {
    takeLoad: () => {
      const taken = early.load;
      early.load = null;
      return taken;
    },
  } as unknown as EarlyView,
};
import { fetchViewableFile, prefetchViewableFile } from './viewable-handoff';

afterEach(cleanup);

function fakeViewer() {
  const listeners = new Map<string, (event: unknown) => void>();
  const loads: Array<{ resolve: (info: LoadedModelInfo) => void; reject: (e: Error) => void }> = [];
  const viewer = {
    on: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, listener);
      return () => listeners.delete(type);
    },
    load: vi.fn(
      () =>
        new Promise<LoadedModelInfo>((resolve, reject) => {
          loads.push({ resolve, reject });
        }),
    ),
  };
  const emit = (type: string, event: unknown) => listeners.get(type)?.(event);
  return { viewer: viewer as unknown as Viewer, emit, loads, load: viewer.load };
}

const info: LoadedModelInfo = {
  key: 'default',
  offset: 0,
  idCount: 1,
  translation: [0, 0, 0],
  elementCount: 1,
  triangleCount: 12,
  materialCount: 1,
  bbox: [
    [0, 0, 0],
    [1, 1, 1],
  ],
  metadata: null,
};
const marks = (name: string) => performance.getEntriesByName(name, 'mark').length;

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const progress = (loadedBytes: number) => ({
  stage: 'download' as const,
  fraction: loadedBytes / 10,
  loadedBytes,
  totalBytes: 10,
});

describe('useLoadProgress', () => {
  it('renders the latest of the chunks reported within a frame, once', async () => {
    const { viewer, emit } = fakeViewer();
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useLoadProgress(viewer, true);
    });
    expect(result.current).toBeNull();
    const before = renders;
    act(() => {
      emit('progress', progress(2));
      emit('progress', progress(5));
    });
    expect(result.current).toBeNull();
    await act(nextFrame);
    expect(result.current?.loadedBytes).toBe(5);
    expect(renders).toBe(before + 1);
  });

  it('stops listening when inactive and starts from nothing when active again', async () => {
    const { viewer, emit } = fakeViewer();
    const { result, rerender } = renderHook(({ active }) => useLoadProgress(viewer, active), {
      initialProps: { active: true },
    });
    act(() => emit('progress', progress(5)));
    await act(nextFrame);
    expect(result.current?.loadedBytes).toBe(5);
    rerender({ active: false });
    act(() => emit('progress', progress(8)));
    await act(nextFrame);
    expect(result.current?.loadedBytes).toBe(5);
    rerender({ active: true });
    expect(result.current).toBeNull();
  });
});

describe('useViewerLoad', () => {
  it('reports first frame and loaded on <body> and the performance timeline', async () => {
    const { viewer, emit, loads, load } = fakeViewer();
    const source = { glb: '/m.glb', metadata: '/m.json' };
    const { result } = renderHook(() => useViewerLoad(viewer, source, 0));
    expect(load).toHaveBeenCalledWith(
      expect.objectContaining({ glb: '/m.glb', metadata: '/m.json', fetch: fetchViewableFile }),
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(document.body.dataset.viewerState).toBe('loading');
    act(() => emit('first-frame', { ms: 10 }));
    expect(result.current.phase).toBe('first-frame');
    expect(document.body.dataset.viewerState).toBe('first-frame');
    expect(marks('truss:first-frame')).toBe(1);
    await act(async () => loads[0]!.resolve(info));
    expect(result.current.phase).toBe('loaded');
    expect(result.current.info).toBe(info);
    expect(document.body.dataset.viewerState).toBe('loaded');
    expect(marks('truss:loaded')).toBe(1);
  });

  it("adopts the early view's load: no second load, its first frame and marks kept", async () => {
    const { viewer, loads, load } = fakeViewer();
    performance.clearMarks();
    performance.mark('truss:first-frame');
    let resolve: (value: LoadedModelInfo) => void = () => undefined;
    early.load = {
      load: new Promise<LoadedModelInfo>((r) => (resolve = r)),
      controller: new AbortController(),
      firstFrame: true,
    };
    const { result } = renderHook(() => useViewerLoad(viewer, { glb: '/m.glb' }, 0, early.view));
    expect(load).not.toHaveBeenCalled();
    expect(loads).toHaveLength(0);
    expect(result.current.phase).toBe('first-frame');
    expect(document.body.dataset.viewerState).toBe('first-frame');
    expect(marks('truss:first-frame')).toBe(1);
    await act(async () => resolve(info));
    expect(result.current.phase).toBe('loaded');
    expect(marks('truss:loaded')).toBe(1);
    // The early view marks the model's arrival itself.
    expect(marks('truss:model-loaded')).toBe(0);
  });

  it("stays loaded when the engine's own first frame comes after the load (a whole preview)", async () => {
    const { viewer, emit, loads } = fakeViewer();
    const { result } = renderHook(() => useViewerLoad(viewer, { glb: '/m.glb' }, 0));
    await act(async () => loads[0]!.resolve(info));
    expect(result.current.phase).toBe('loaded');
    act(() => emit('first-frame', { ms: 10 }));
    expect(result.current.phase).toBe('loaded');
    expect(document.body.dataset.viewerState).toBe('loaded');
  });

  it('a failed load is an error state; a new attempt loads again', async () => {
    const { viewer, loads, load } = fakeViewer();
    const source = { glb: '/m.glb' };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result, rerender } = renderHook(
      ({ attempt }) => useViewerLoad(viewer, source, attempt),
      {
        initialProps: { attempt: 0 },
      },
    );
    await act(async () => loads[0]!.reject(new Error('network')));
    expect(result.current.phase).toBe('error');
    expect(result.current.error?.message).toBe('network');
    expect(document.body.dataset.viewerState).toBe('error');
    rerender({ attempt: 1 });
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current.phase).toBe('loading');
    expect(marks('truss:loaded')).toBe(0);
  });
});

describe('useEarlyMetadata', () => {
  const json = JSON.stringify({
    version: 2,
    elements: { count: 1 },
  });

  it('gives the early download’s metadata while the model still loads, the object the engine reads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(json)),
    );
    try {
      prefetchViewableFile('/early/m1.json');
      const { result } = renderHook(() => useEarlyMetadata('/early/m1.json'));
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(result.current?.elements.count).toBe(1);
      const engine = await (await fetchViewableFile('/early/m1.json', {})).json();
      expect(engine).toBe(result.current);
      // Read already: a page rendered now has it in its first render.
      const again = renderHook(() => useEarlyMetadata('/early/m1.json'));
      expect(again.result.current).toBe(result.current);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is null without an early download, or for metadata of another version', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ version: 1, elements: { count: 1 } }))),
    );
    try {
      expect(renderHook(() => useEarlyMetadata('/early/none.json')).result.current).toBeNull();
      prefetchViewableFile('/early/old.json');
      const { result } = renderHook(() => useEarlyMetadata('/early/old.json'));
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(result.current).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('usePageReadyMark', () => {
  it('marks the page ready once, when it is, and clears the mark when the page goes', () => {
    performance.clearMarks('truss:page-ready');
    const { rerender, unmount } = renderHook(({ ready }) => usePageReadyMark(ready), {
      initialProps: { ready: false },
    });
    expect(marks('truss:page-ready')).toBe(0);
    rerender({ ready: true });
    expect(marks('truss:page-ready')).toBe(1);
    rerender({ ready: true });
    expect(marks('truss:page-ready')).toBe(1);
    unmount();
    expect(marks('truss:page-ready')).toBe(0);
  });
});
