/**
 * The model page's first picture makes the view's canvas the size the page will give it, with the
 * engine's WebGL2 context, and draws on it once the viewable's bytes are in (the drawing itself is
 * @truss/viewer/preview's, tested there; mocked here).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { glContextAttributes } from '@truss/viewer/gl-context';
import { startEarlyPreview } from './early-preview';

const calls = vi.hoisted(() => ({
  prepared: [] as { canvas: HTMLCanvasElement; dispose: () => void }[],
  drawn: [] as { canvas: HTMLCanvasElement; bytes: ArrayBuffer; prepared: unknown }[],
}));

vi.mock('@truss/viewer/preview', () => ({
  preparePreview: (canvas: HTMLCanvasElement) => {
    const made = { canvas, dispose: vi.fn() };
    calls.prepared.push(made);
    return made;
  },
  drawModelPreview: (
    canvas: HTMLCanvasElement,
    bytes: ArrayBuffer,
    options: { prepared?: unknown } = {},
  ) => {
    calls.drawn.push({ canvas, bytes, prepared: options.prepared });
    return Promise.resolve({ streams: { drawn: true }, draws: 1, dispose: vi.fn() });
  },
}));

let contexts: { type: string; attributes: unknown }[];
let webgl2: boolean;

beforeEach(() => {
  calls.prepared.length = 0;
  calls.drawn.length = 0;
  contexts = [];
  webgl2 = true;
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1280);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  vi.spyOn(window, 'devicePixelRatio', 'get').mockReturnValue(1);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((
    type: string,
    attributes: unknown,
  ) => {
    contexts.push({ type, attributes });
    return webgl2 ? ({} as RenderingContext) : null;
  }) as typeof HTMLCanvasElement.prototype.getContext);
});

afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll('[data-early-viewer]').forEach((outline) => outline.remove());
});

describe('the early preview', () => {
  it("makes the view's canvas and the engine's context, then draws on it once the bytes are in", async () => {
    const bytes = new ArrayBuffer(8);
    const started = startEarlyPreview(Promise.resolve(bytes));
    expect(started).not.toBeNull();
    const { canvas } = started!;
    // Sized as the page's view: a 1280 × 800 window less the 48 px header and two 288 px panels.
    expect({ width: canvas.width, height: canvas.height }).toEqual({ width: 704, height: 752 });
    expect(contexts[0]).toEqual({ type: 'webgl2', attributes: glContextAttributes() });
    // The preview's program is prepared on it before the bytes are in, and draws it.
    expect(calls.prepared.map((made) => made.canvas)).toEqual([canvas]);
    expect(await started!.preview).not.toBeNull();
    expect(calls.drawn).toHaveLength(1);
    expect(calls.drawn[0]!.canvas).toBe(canvas);
    expect(calls.drawn[0]!.bytes).toBe(bytes);
    expect(calls.drawn[0]!.prepared).toBe(calls.prepared[0]);
    // Shown where the page's view will be, inside the page's outline.
    expect(canvas.closest('[data-early-viewer]')).not.toBeNull();
  });

  it('draws nothing without the bytes, and frees the prepared program', async () => {
    const started = startEarlyPreview(Promise.resolve(null));
    expect(await started!.preview).toBeNull();
    expect(calls.drawn).toHaveLength(0);
    expect(calls.prepared[0]!.dispose).toHaveBeenCalledTimes(1);
  });

  it('is null without WebGL2 (the page says so)', () => {
    webgl2 = false;
    expect(startEarlyPreview(Promise.resolve(new ArrayBuffer(8)))).toBeNull();
    expect(calls.prepared).toHaveLength(0);
  });
});
