import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode, useRef } from 'react';
import { cleanup, render } from '@testing-library/react';
import type { Viewer } from './engine';
import { useViewer } from './useViewer';

const created: Array<{ canvas: HTMLCanvasElement; dispose: ReturnType<typeof vi.fn> }> = [];

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

function Probe({ onViewer }: { onViewer: (viewer: Viewer | null) => void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  onViewer(useViewer(ref));
  return <canvas ref={ref} />;
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
    unmount();
    await tick();
    expect(created[0]!.dispose).toHaveBeenCalledTimes(1);
    expect(window.__trussViewer).toBeUndefined();
  });
});
