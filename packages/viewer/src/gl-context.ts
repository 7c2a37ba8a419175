/**
 * The engine's WebGL context attributes, in a module without three.js, so a page can create the
 * context ahead of the engine (`prepareCanvas`): the GPU's start-up then overlaps downloading the
 * engine instead of following it. createViewer on that canvas uses the context (a canvas has one
 * WebGL context; later requests get it back).
 */
export interface GlContextOptions {
  antialias?: boolean;
  preserveDrawingBuffer?: boolean;
}

export function glContextAttributes(options: GlContextOptions = {}): WebGLContextAttributes {
  return {
    alpha: true,
    depth: true,
    stencil: false,
    antialias: options.antialias ?? true,
    premultipliedAlpha: true,
    preserveDrawingBuffer: options.preserveDrawingBuffer ?? false,
    powerPreference: 'high-performance',
    failIfMajorPerformanceCaveat: false,
  };
}

/** Creates the engine's WebGL2 context on `canvas` now; false when there is no WebGL2. */
export function prepareCanvas(canvas: HTMLCanvasElement, options: GlContextOptions = {}): boolean {
  return canvas.getContext('webgl2', glContextAttributes(options)) !== null;
}
