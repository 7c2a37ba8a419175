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
  /** What happened, in order: 'draw' (the preview's draw call) and 'preload' (the engine's). */
  order: [] as string[],
  failDraw: false,
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
    calls.order.push('draw');
    if (calls.failDraw) return Promise.reject(new Error('unreadable file'));
    return Promise.resolve({ streams: { drawn: true }, draws: 1, dispose: vi.fn() });
  },
}));

let contexts: { canvas: HTMLCanvasElement; type: string; attributes: unknown }[];
let webgl2: boolean;
let renderer: string;

beforeEach(() => {
  calls.prepared.length = 0;
  calls.drawn.length = 0;
  calls.order.length = 0;
  calls.failDraw = false;
  window.__trussPreloadOnPreview = () => calls.order.push('preload');
  contexts = [];
  webgl2 = true;
  renderer = 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11)';
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1280);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  vi.spyOn(window, 'devicePixelRatio', 'get').mockReturnValue(1);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
    type: string,
    attributes: unknown,
  ) {
    contexts.push({ canvas: this, type, attributes });
    if (!webgl2) return null;
    return {
      RENDERER: 0x1f01,
      getExtension: () => null,
      getParameter: () => renderer,
    } as unknown as RenderingContext;
  } as typeof HTMLCanvasElement.prototype.getContext);
});

afterEach(() => {
  vi.restoreAllMocks();
  delete window.__trussPreloadOnPreview;
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
    // A GPU: the multisampled context, on a canvas of its own (the first told the renderer).
    expect(contexts.map(({ type, attributes }) => ({ type, attributes }))).toEqual([
      { type: 'webgl2', attributes: glContextAttributes({ antialias: false }) },
      { type: 'webgl2', attributes: glContextAttributes() },
    ]);
    expect(contexts[1]!.canvas).toBe(canvas);
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

  it("asks for the engine's code once the preview has drawn, not before", async () => {
    await startEarlyPreview(Promise.resolve(new ArrayBuffer(8)))!.preview;
    expect(calls.order).toEqual(['draw', 'preload']);
  });

  it("asks for the engine's code when the preview could not draw the file", async () => {
    calls.failDraw = true;
    expect(await startEarlyPreview(Promise.resolve(new ArrayBuffer(8)))!.preview).toBeNull();
    expect(calls.order).toEqual(['draw', 'preload']);
  });

  it('keeps the context without MSAA on a software rasterizer', async () => {
    renderer = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)))';
    const started = startEarlyPreview(Promise.resolve(new ArrayBuffer(8)));
    const { canvas } = started!;
    expect({ width: canvas.width, height: canvas.height }).toEqual({ width: 704, height: 752 });
    expect(contexts).toHaveLength(1);
    expect(contexts[0]).toEqual({
      canvas,
      type: 'webgl2',
      attributes: glContextAttributes({ antialias: false }),
    });
    await started!.preview;
    expect(calls.drawn[0]!.canvas).toBe(canvas);
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
