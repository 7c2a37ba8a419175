/**
 * The engine's WebGL context attributes, in a module without three.js, so a page can create the
 * context ahead of the engine (`createViewCanvas`): the GPU's start-up then overlaps downloading
 * the engine instead of following it. createViewer on that canvas uses the context (a canvas has
 * one WebGL context; later requests get it back).
 */
export interface GlContextOptions {
  antialias?: boolean;
  /**
   * Default true: a big model's picture is drawn over several frames (core/sliced-frame.ts),
   * which needs the buffer kept between them.
   */
  preserveDrawingBuffer?: boolean;
}

export function glContextAttributes(options: GlContextOptions = {}): WebGLContextAttributes {
  return {
    alpha: true,
    depth: true,
    stencil: false,
    antialias: options.antialias ?? true,
    premultipliedAlpha: true,
    preserveDrawingBuffer: options.preserveDrawingBuffer ?? true,
    powerPreference: 'high-performance',
    failIfMajorPerformanceCaveat: false,
  };
}

/**
 * Renderer names of software rasterizers: SwiftShader (Chrome without a usable GPU), llvmpipe and
 * softpipe (Mesa), WARP (Windows' basic render driver).
 */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software rasterizer|basic render driver/i;

/** Whether a renderer of this name (WEBGL_debug_renderer_info's) draws on the CPU. */
export function isSoftwareRendererName(name: string): boolean {
  return SOFTWARE_RENDERER.test(name);
}

/**
 * Whether `gl` draws on the CPU, by its renderer's name (the unmasked one where the page may read
 * it).
 */
export function isSoftwareRenderer(gl: WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  return typeof name === 'string' && isSoftwareRendererName(name);
}

/**
 * A canvas with the view's WebGL2 context made now (createViewer on it uses that context: a
 * canvas has one), its drawing buffer `size` from the start (a resize when the engine starts cost
 * a frame about 10 ms). Multisampled (`antialias`, the default) on a GPU, but not on a software
 * rasterizer, where every sample is CPU work: measured with SwiftShader at 704×752, making the
 * context took 65-85 ms with MSAA and 13 ms without, and a first frame's raster 130-180 ms
 * against 70 ms. Found out on a context without MSAA made first, which a software rasterizer
 * keeps; a GPU gets a new canvas with a multisampled context instead (a few ms there). Null
 * without WebGL2.
 */
export function createViewCanvas(
  options: GlContextOptions & { size?: { width: number; height: number } } = {},
): HTMLCanvasElement | null {
  const make = () => {
    const canvas = document.createElement('canvas');
    if (options.size) {
      canvas.width = Math.max(1, Math.floor(options.size.width));
      canvas.height = Math.max(1, Math.floor(options.size.height));
    }
    return canvas;
  };
  const plain = make();
  const gl = plain.getContext('webgl2', glContextAttributes({ ...options, antialias: false }));
  if (!gl) return null;
  if (options.antialias === false || isSoftwareRenderer(gl)) return plain;
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  const multisampled = make();
  if (multisampled.getContext('webgl2', glContextAttributes(options))) return multisampled;
  // No second context (a browser's limit): one without MSAA rather than none.
  const fallback = make();
  return fallback.getContext('webgl2', glContextAttributes({ ...options, antialias: false }))
    ? fallback
    : null;
}
