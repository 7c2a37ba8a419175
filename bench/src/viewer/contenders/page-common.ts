/** What every contender page shares: its result object, the sized canvas, counting draws. */
import type { FirstDraw } from '../first-draw.ts';

export interface ContenderResult {
  /** performance.now() of the frame after the viewer reported the whole model loaded. */
  loadedMs: number | null;
  /** Triangle draws into the canvas in one render of the loaded model. */
  drawCalls: number | null;
  error: string | null;
}

export function contenderResult(): ContenderResult {
  const result: ContenderResult = { loadedMs: null, drawCalls: null, error: null };
  (window as unknown as { __contender: ContenderResult }).__contender = result;
  return result;
}

/** A canvas of `?w=` x `?h=` CSS pixels (the size Truss's canvas had), at the top left. */
export function sizeCanvas(): HTMLCanvasElement {
  const params = new URLSearchParams(location.search);
  const canvas = document.createElement('canvas');
  canvas.width = Number(params.get('w') ?? 1280);
  canvas.height = Number(params.get('h') ?? 800);
  canvas.style.cssText = `display:block;width:${canvas.width}px;height:${canvas.height}px`;
  document.body.append(canvas);
  return canvas;
}

/** Draws counted by the first-draw wrapper (first-draw.ts) during one synchronous render. */
export function countOneRender(render: () => void): number {
  const state = (window as unknown as { __firstDraw: FirstDraw }).__firstDraw;
  const before = state.count;
  render();
  return state.count - before;
}
