import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode, useRef } from 'react';
import { cleanup, render } from '@testing-library/react';
import type { EarlyView } from './early-view';
import type { Viewer } from './engine';
import { useViewer } from './useViewer';

const created: Array<{ canvas: HTMLCanvasElement; dispose: ReturnType<typeof vi.fn> }> = [];

const early = {
  taken: null as { viewer: unknown; canvas: HTMLCanvasElement } | null,
  view: {
    adoptEngine: (_glb: string, host: HTMLElement) => {
      const taken = early.taken;
      early.taken = null;
      if (taken) host.append(taken.canvas);
      return taken;
    },
  } as unknown as EarlyView,
};

vi.mock('./engine', () => ({
  createViewer: ({ canvas }: { canvas: HTMLCanvasElement }) => {
    const engine = { canvas, dispose: vi.fn() };
    created.push(engine);
    return engine as unknown as Viewer;
  },
}));

afterEach(() => {
  cleanup();
  created.length = 0;
});

function Probe({
  onViewer,
  earlyGlb,
}: {
  onViewer: (viewer: Viewer | null) => void;
  earlyGlb?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  onViewer(
    useViewer(ref, {
      label: '3D view',
      early: earlyGlb ? { view: early.view, glb: earlyGlb } : null,
    }),
  );
  return <div ref={ref} data-testid="host" />;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('useViewer', () => {
  it('creates one engine under StrictMode, exposes it, and disposes of it on unmount', async () => {
    const seen: Array<Viewer | null> = [];
    const { unmount } = render(
      <StrictMode>
        <Probe onViewer={(v) => seen.push(v)} />
      </StrictMode>,
    );
    await tick();
    expect(created).toHaveLength(1);
    expect(created[0]!.dispose).not.toHaveBeenCalled();
    expect(window.__trussViewer).toBe(created[0]);
    expect(seen.at(-1)).toBe(created[0]);
    const canvas = created[0]!.canvas;
    expect(canvas.parentElement?.dataset.testid).toBe('host');
    expect(canvas.getAttribute('aria-label')).toBe('3D view');
    expect(canvas.tabIndex).toBe(0);
    unmount();
    await tick();
    expect(created[0]!.dispose).toHaveBeenCalledTimes(1);
    expect(canvas.isConnected).toBe(false);
    expect(window.__trussViewer).toBeUndefined();
  });

  it("adopts the early view's engine and canvas instead of creating one", async () => {
    const canvas = document.createElement('canvas');
    const engine = { canvas, dispose: vi.fn() };
    early.taken = { viewer: engine, canvas };
    const seen: Array<Viewer | null> = [];
    const { unmount } = render(
      <StrictMode>
        <Probe earlyGlb="/v.glb" onViewer={(v) => seen.push(v)} />
      </StrictMode>,
    );
    await tick();
    expect(created).toHaveLength(0);
    expect(seen.at(-1)).toBe(engine);
    expect(canvas.parentElement?.dataset.testid).toBe('host');
    expect(canvas.getAttribute('aria-label')).toBe('3D view');
    unmount();
    await tick();
    expect(engine.dispose).toHaveBeenCalledTimes(1);
  });
});
