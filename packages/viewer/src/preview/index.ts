/**
 * `@truss/viewer/preview`: the model drawn once, without three.js, as soon as its .glb is in —
 * while the engine's code (three.js, some 150 KiB) is still downloading and compiling. The
 * preview frames the model exactly as the engine's first view will (iso, fitted; same fit
 * code), shades it alike, and hands the engine what it decoded, so the engine's own load decodes
 * nothing twice; the engine then draws over it on the same canvas and context.
 */
import type { ViewInsets } from '../api-types.ts';
import { glContextAttributes, type GlContextOptions } from '../gl-context.ts';
import {
  DEFAULT_FOV,
  ISO_DIRECTION,
  fitBoxInViewPlain,
  NO_INSETS,
  perspectiveClip,
  viewAxes,
  type Triple,
} from '../navigation/fit-math.ts';
import { DecodedStreams, readBufferViews, readGlb } from './glb-streams.ts';
import { lookAt, perspective } from './mat4.ts';
import {
  createPreviewProgram,
  deletePreviewProgram,
  drawPreviewFrame,
  warmPreviewProgram,
  type PreviewProgram,
} from './preview-gl.ts';
import { widestBatch, readPreviewScene } from './preview-scene.ts';

export { DecodedStreams } from './glb-streams.ts';

export interface ModelPreview {
  /** The file's meshopt streams, decoded: the engine's load takes them (ViewableSource). */
  streams: DecodedStreams;
  /** Draw calls the preview made (0: it showed nothing, e.g. every material is textured). */
  draws: number;
  /** Frees what the preview made on the context (once the engine has drawn). */
  dispose(): void;
}

/** The preview's program, made and warmed before the model's bytes are in (preparePreview). */
export interface PreparedPreview {
  readonly program: PreviewProgram;
  /** Deletes the program when no preview will use it. */
  dispose(): void;
}

/**
 * Compiles the preview's program on `canvas`'s WebGL2 context (made now if `createViewCanvas` did
 * not) and has the GPU build its pipeline off screen (warmPreviewProgram), while the .glb is
 * still on its way. Null without WebGL2.
 */
export function preparePreview(
  canvas: HTMLCanvasElement,
  options: GlContextOptions = {},
): PreparedPreview | null {
  const gl = canvas.getContext('webgl2', glContextAttributes(options));
  if (!gl) return null;
  const program = createPreviewProgram(gl);
  warmPreviewProgram(gl, program);
  return { program, dispose: () => deletePreviewProgram(gl, program) };
}

/**
 * Draws the .glb `bytes` into `canvas` (its WebGL2 context with the engine's attributes, made
 * now if `createViewCanvas` did not). Null when there is no WebGL2; throws on a file it cannot
 * read (the engine then reports the error its own way).
 */
export async function drawModelPreview(
  canvas: HTMLCanvasElement,
  bytes: ArrayBuffer,
  options: GlContextOptions & {
    /** Where the decoded streams go (one the engine's load was already given). */
    streams?: DecodedStreams;
    /**
     * Every batch, not only the one spanning most of the model (widestBatch). A software GPU
     * spends 100-200 ms on a whole model's frame, and the engine's start waits for it; one batch
     * costs it a third of that.
     */
    whole?: boolean;
    /** The program preparePreview made (taken: the preview deletes it with its own objects). */
    prepared?: PreparedPreview | null;
    /**
     * What the page will cover of the canvas (its toolbar), which the engine's first fit will
     * leave free too (navigation.setViewInsets before the load).
     */
    insets?: ViewInsets;
  } = {},
): Promise<ModelPreview | null> {
  const gl = canvas.getContext('webgl2', glContextAttributes(options));
  if (!gl) return null;
  const streams = options.streams ?? new DecodedStreams();
  let views: (Uint8Array | null)[];
  let scene: ReturnType<typeof readPreviewScene>;
  try {
    const container = readGlb(bytes);
    views = await readBufferViews(container, streams);
    scene = readPreviewScene(container.json, views);
  } catch (error) {
    options.prepared?.dispose();
    throw error;
  }
  const draws = options.whole ? scene.draws : widestBatch(scene.draws);
  if (draws.length === 0) {
    options.prepared?.dispose();
    return { streams, draws: 0, dispose: () => undefined };
  }
  const width = canvas.clientWidth || canvas.width;
  const height = canvas.clientHeight || canvas.height;
  const aspect = width / Math.max(1, height);
  const fit = fitBoxInViewPlain(
    scene.box.min,
    scene.box.max,
    ISO_DIRECTION,
    DEFAULT_FOV,
    width,
    height,
    options.insets ?? NO_INSETS,
  );
  const eye = fit.target.map((v, axis) => v + ISO_DIRECTION[axis]! * fit.distance) as Triple;
  const { right, up } = viewAxes(ISO_DIRECTION);
  const { near, far } = perspectiveClip(fit.radius, fit.distance);
  const gpu = drawPreviewFrame(
    gl,
    views,
    draws,
    {
      view: lookAt(eye, fit.target, right, up),
      projection: perspective(DEFAULT_FOV, aspect, near, far),
    },
    options.prepared?.program,
  );
  streams.drawn = true;
  performance.mark('truss:preview');
  return { streams, draws: draws.length, dispose: gpu.dispose };
}
