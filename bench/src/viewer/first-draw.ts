/**
 * One definition of "first frame" for every viewer in the bench: the first WebGL draw of
 * triangles into the main canvas's own framebuffer (not an offscreen pick, shadow or occlusion
 * target), caught by wrapping the draw calls of every WebGL context before any page script runs.
 * Also counts such draws, so a page can read how many one synchronous render() issued.
 */
import type { Page } from 'playwright-core';

export interface FirstDraw {
  /** performance.now() of the first draw of triangles into the main canvas, or null. */
  at: number | null;
  /** Size of that canvas's drawing buffer then. */
  width: number;
  height: number;
  /** Triangle draws into a main canvas since the page started (pages reset it to count one render). */
  count: number;
}

/** Runs in the page before its scripts (BrowserContext.addInitScript). */
export const FIRST_DRAW_SCRIPT = `(() => {
  const state = { at: null, width: 0, height: 0, count: 0 };
  window.__firstDraw = state;
  const TRIANGLES = 4;
  const main = (gl) => {
    const canvas = gl.canvas;
    if (!(canvas instanceof HTMLCanvasElement)) return false;
    // The viewer's canvas, not a small helper (view cube, thumbnails).
    if (canvas.clientWidth * canvas.clientHeight < 200 * 200) return false;
    return gl.getParameter(gl.FRAMEBUFFER_BINDING) === null;
  };
  const note = (gl, mode, count, instances) => {
    if (mode !== TRIANGLES || count < 3 || instances === 0 || !main(gl)) return;
    state.count++;
    if (state.at === null) {
      state.at = performance.now();
      state.width = gl.drawingBufferWidth;
      state.height = gl.drawingBufferHeight;
    }
  };
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    const wrap = (name, instancesAt, countAt) => {
      const original = proto[name];
      if (typeof original !== 'function') return;
      proto[name] = function (...args) {
        note(this, args[0], args[countAt], instancesAt < 0 ? 1 : args[instancesAt]);
        return original.apply(this, args);
      };
    };
    wrap('drawArrays', -1, 2);
    wrap('drawElements', -1, 1);
    wrap('drawArraysInstanced', 3, 2);
    wrap('drawElementsInstanced', 4, 1);
    wrap('drawRangeElements', -1, 3);
  }
})();`;

export async function readFirstDraw(page: Page): Promise<FirstDraw> {
  return page.evaluate(() => (window as unknown as { __firstDraw: FirstDraw }).__firstDraw);
}
