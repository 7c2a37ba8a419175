/**
 * convertModel: bytes (or a path) in, the viewable out: one .glb, the metadata (element table,
 * tree, properties, storeys) and a thumbnail. Stages report progress and check cancellation
 * in between: detect, parse, geometry, optimize, write, thumbnail.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  CHUNK_INDEX_VERSION,
  chunkFile,
  type ChunkIndex,
  type ModelMetadata,
  type ModelStats,
} from '@truss/viewable';
import { AbortedError, asConversionError, NoGeometryError, TooLargeError } from './errors.ts';
import { detectFormat, type ModelFormat } from './formats.ts';
import { makeAbortCheck, type ConversionStage, type ImportContext } from './importers/context.ts';
import type { ModelBytes } from './importers/byte-source.ts';
import { importByFormat } from './importers/index.ts';
import { gzipPieces } from './metadata-file.ts';
import { buildMetadata } from './metadata-scene.ts';
import { collectGarbage } from './memory.ts';
import {
  chunkScene,
  DEFAULT_CHUNK_OPTIONS,
  planChunks,
  type ChunkOptions,
} from './pipeline/chunks.ts';
import {
  prepareLayout,
  type PreparedBatch,
  type PreparedLayout,
  type PreparedScene,
} from './pipeline/prepare.ts';
import { storeyPlans, type StoreyPlans } from './plans/index.ts';
import { renderThumbnail } from './pipeline/thumbnail.ts';
import { writeGlb } from './pipeline/write-glb.ts';
import type { SceneModel } from './scene.ts';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip.ts';

export const CONVERTER_VERSION = 1;
const VIEWABLE_GLB = 'model.glb';

export interface ConvertInput {
  /** The model's bytes, or a path to read them from. */
  bytes: Uint8Array | string;
  /** Original file name (shown in metadata; its extension only breaks ties in detection). */
  filename: string;
  /** Files uploaded with the model: MTL, textures. Keyed by file name. */
  companions?: Map<string, Uint8Array>;
}

export interface ConvertOptions {
  onProgress?: (stage: ConversionStage, fraction: number) => void;
  signal?: AbortSignal;
  /** Refuse models with more triangles than this (TOO_LARGE). Default 50 million. */
  maxTriangles?: number;
  /** Refuse inputs bigger than this many bytes (TOO_LARGE). Default 2 GiB. */
  maxInputBytes?: number;
  zipLimits?: ZipLimits;
  /**
   * Spatial chunks for big models (pipeline/chunks.ts); false: always one file. Defaults to
   * DEFAULT_CHUNK_OPTIONS (chunked from 20,000 elements with geometry).
   */
  chunking?: Partial<ChunkOptions> | false;
}

export interface ConversionStats extends ModelStats {
  inputBytes: number;
  glbBytes: number;
  /** Bytes of `metadataGz`. */
  metadataBytes: number;
  /** Storey plans drawn (IFC): count, paths, texts and the seconds they took (in `thumbnail`). */
  plans: { sheets: number; paths: number; texts: number; seconds: number };
  seconds: number;
  stageSeconds: Partial<Record<ConversionStage, number>>;
}

export interface ConversionResult {
  /** The model, or for a chunked model its coarse chunk (with the chunk index). */
  glb: Uint8Array;
  /** A chunked model's other chunks: chunks[n - 1] is stored as `chunkFile(n)`; else empty. */
  chunks: Uint8Array[];
  metadata: ModelMetadata;
  /**
   * The metadata gzip-compressed (what `encodeMetadata(metadata)` gives): what the worker hands over and
   * the server re-encodes into the viewable's stored layout (`VIEWABLE_FILES`).
   */
  metadataGz: Uint8Array;
  thumbnailPng: Uint8Array;
  /**
   * IFC models: one storey plan per storey (`@truss/viewable` sheets.ts files to store beside
   * the viewable; none when the model has no storeys).
   */
  plans: StoreyPlans['files'];
  stats: ConversionStats;
}

const DEFAULT_MAX_TRIANGLES = 50_000_000;
/** Models from this many elements are collected after the import and each stage (memory.ts). */
const COLLECT_FROM_ELEMENTS = 20_000;
const DEFAULT_MAX_INPUT_BYTES = 2 * 1024 ** 3;

/** The first bytes of a file on disk decide whether it can be streamed (see readInput). */
const HEAD_BYTES = 64 * 1024;

interface ReadInput {
  /** The bytes, or the file itself when its importer reads it in pieces (IFC). */
  data: ModelBytes;
  /** At least the first 64 KiB (the whole input when in memory). */
  head: Uint8Array;
  size: number;
  format: ModelFormat;
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The format of an input from its first bytes (a path is not read whole), or null when only the
 * whole file can tell. Lets the worker send drawings (PDF, DXF, DWG) to the sheet converter.
 */
export async function sniffFormat(
  input: Uint8Array | string,
  filename: string,
): Promise<ModelFormat | null> {
  if (typeof input !== 'string') return headFormat(input.subarray(0, HEAD_BYTES), filename);
  return headFormat(await readHead(input), filename);
}

function headFormat(head: Uint8Array, filename: string): ModelFormat | null {
  try {
    return detectFormat(head, filename);
  } catch {
    return null; // decided on the whole file below
  }
}

/**
 * A path to an IFC is not read into memory: the IFC importer reads the file in pieces (peak
 * memory without a copy of the input). Every other format is parsed from memory, so read whole.
 */
async function readInput(
  input: ConvertInput,
  filename: string,
  maxBytes: number,
): Promise<ReadInput> {
  if (typeof input.bytes !== 'string') {
    if (input.bytes.length > maxBytes)
      throw new TooLargeError(`The file is larger than ${maxBytes} bytes.`);
    const bytes = input.bytes;
    return { data: bytes, head: bytes, size: bytes.length, format: detectFormat(bytes, filename) };
  }
  const info = await stat(input.bytes);
  if (info.size > maxBytes) throw new TooLargeError(`The file is larger than ${maxBytes} bytes.`);
  const head = await readHead(input.bytes);
  if (info.size > head.length && headFormat(head, filename) === 'ifc') {
    return { data: { path: input.bytes, size: info.size }, head, size: info.size, format: 'ifc' };
  }
  const buffer = await readFile(input.bytes);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return { data: bytes, head: bytes, size: bytes.length, format: detectFormat(bytes, filename) };
}

export async function convertModel(
  input: ConvertInput,
  options: ConvertOptions = {},
): Promise<ConversionResult> {
  const started = performance.now();
  const stageSeconds: Partial<Record<ConversionStage, number>> = {};
  let currentStage: ConversionStage | null = null;
  let stageStarted = started;
  const checkAbort = makeAbortCheck(options.signal);
  const enter = (stage: ConversionStage) => {
    checkAbort();
    const now = performance.now();
    if (currentStage)
      stageSeconds[currentStage] = (stageSeconds[currentStage] ?? 0) + (now - stageStarted) / 1000;
    currentStage = stage;
    stageStarted = now;
    options.onProgress?.(stage, 0);
  };
  const progress = (stage: ConversionStage, fraction: number) => {
    if (stage !== currentStage) enter(stage);
    else options.onProgress?.(stage, Math.max(0, Math.min(1, fraction)));
    checkAbort();
  };

  enter('detect');
  const filename = basename(
    input.filename || (typeof input.bytes === 'string' ? input.bytes : 'model'),
  );
  const read = await readInput(input, filename, options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES);
  const format = read.format;
  progress('detect', 1);

  const ctx: ImportContext = {
    filename,
    companions: input.companions ?? new Map(),
    progress,
    checkAbort,
    maxTriangles: options.maxTriangles ?? DEFAULT_MAX_TRIANGLES,
  };
  enter('parse');
  let scene: SceneModel;
  try {
    scene = await importByFormat(format, read.data, ctx, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    throw asConversionError(error, `The ${format.toUpperCase()} file`);
  }
  checkAbort();
  // The import's garbage (every parsed STEP line, the file's blocks, the index) goes before the
  // viewable is built: 300 MiB at 200,000 elements.
  const big = scene.elements.length >= COLLECT_FROM_ELEMENTS;
  if (big) collectGarbage();

  enter('optimize');
  const prepared = prepareLayout(scene);
  if (prepared.triangles === 0) throw new NoGeometryError();
  if (prepared.triangles > ctx.maxTriangles) {
    throw new TooLargeError(
      `The model has ${prepared.triangles} triangles, over the limit of ${ctx.maxTriangles}.`,
    );
  }
  progress('optimize', 1);
  // The layout's working lists and keys (~150 MiB at 200,000 elements), before the writing.
  if (big) collectGarbage();

  enter('write');
  const written = await writeViewable(
    scene,
    prepared,
    options.chunking === false ? false : { ...DEFAULT_CHUNK_OPTIONS, ...options.chunking },
    (fraction) => progress('write', fraction),
  );
  const stats: ModelStats = {
    elements: scene.elements.length,
    triangles: prepared.triangles,
    materials: written.materials,
    instances: prepared.instances,
    drawBatches: written.drawBatches,
  };
  const { metadata, jsonPieces } = buildMetadata(scene, prepared, format, filename, read, stats);
  const metadataGz = await gzipPieces(jsonPieces());
  progress('write', 1);

  enter('thumbnail');
  // The chunks' and the metadata's writing garbage, before the thumbnail and plans make theirs.
  if (big) collectGarbage();
  // A chunked model's batches are built again, one at a time, for the thumbnail.
  const thumbnailPng = renderThumbnail(
    { ...prepared, batches: written.batches ?? prepared.batchesOf() },
    scene.materials,
  );
  progress('thumbnail', 0.5);
  // Storey plans reuse the imported scene (the 3D pass's geometry), in the viewable's shifted
  // frame; reported as part of the last stage (the progress bar's stages are a contract).
  const plans =
    format === 'ifc' || format === 'ifczip'
      ? storeyPlans(scene, prepared.origin, format, checkAbort)
      : { files: [], stats: { plans: 0, paths: 0, texts: 0, seconds: 0 } };
  progress('thumbnail', 1);
  stageSeconds.thumbnail = (performance.now() - stageStarted) / 1000;

  return {
    glb: written.glb,
    chunks: written.chunks,
    metadata,
    metadataGz,
    thumbnailPng,
    plans: plans.files,
    stats: {
      ...stats,
      plans: {
        sheets: plans.stats.plans,
        paths: plans.stats.paths,
        texts: plans.stats.texts,
        seconds: plans.stats.seconds,
      },
      inputBytes: read.size,
      glbBytes: written.glb.length + written.chunks.reduce((sum, c) => sum + c.length, 0),
      metadataBytes: metadataGz.length,
      seconds: (performance.now() - started) / 1000,
      stageSeconds,
    },
  };
}

interface WrittenViewable {
  glb: Uint8Array;
  chunks: Uint8Array[];
  drawBatches: number;
  materials: number;
  /** The model's batches when written as one file, else null (never built whole). */
  batches: PreparedBatch[] | null;
}

/**
 * One .glb, or for a model over the chunking threshold its chunks: each built from the prepared
 * layout for its elements only and kept only as its encoded bytes (its geometry is dropped before
 * the next one: the whole model's batches never exist at once), then the coarse chunk as
 * `model.glb` with the index of all of them.
 */
async function writeViewable(
  scene: SceneModel,
  prepared: PreparedLayout,
  chunking: ChunkOptions | false,
  progress: (fraction: number) => void,
): Promise<WrittenViewable> {
  const generator = `Truss converter ${CONVERTER_VERSION}`;
  const count = scene.elements.length;
  const storeys = [...(scene.storeys ?? [])]
    .map((storey, order) => ({ storey, order }))
    // Bottom to top: consecutive storeys share chunks (elevation first, file order for ties).
    .sort((a, b) => (a.storey.elevation ?? 0) - (b.storey.elevation ?? 0) || a.order - b.order)
    .map(({ storey }) => storey.element);
  const plan = chunking
    ? planChunks(
        {
          parents: scene.elements.map((element) => element.parent),
          storeys,
          boxes: prepared.elementBoxes,
          triangles: prepared.elementTriangles,
        },
        chunking,
      )
    : null;
  if (!plan) {
    const whole: PreparedScene = { ...prepared, batches: [...prepared.batchesOf()] };
    const written = await writeGlb(whole, scene.materials, count, generator);
    return { ...written, chunks: [], batches: whole.batches };
  }
  const chunks: Uint8Array[] = [];
  const index: ChunkIndex = { version: CHUNK_INDEX_VERSION, elements: count, chunks: [] };
  let drawBatches = 0;
  for (let n = 1; n < plan.length; n++) {
    const chunk = plan[n]!;
    const written = await writeGlb(
      chunkScene(prepared, chunk.elements),
      scene.materials,
      count,
      generator,
    );
    chunks.push(written.glb);
    drawBatches += written.drawBatches;
    index.chunks.push({
      index: n,
      file: chunkFile(n),
      bbox: chunk.bbox,
      storey: chunk.storey,
      elements: chunk.elements.length,
      triangles: chunk.triangles,
      bytes: written.glb.length,
    });
    progress(n / plan.length);
  }
  const coarse = plan[0]!;
  index.chunks.unshift({
    index: 0,
    file: VIEWABLE_GLB,
    bbox: coarse.bbox,
    storey: coarse.storey,
    elements: coarse.elements.length,
    triangles: coarse.triangles,
    bytes: 0,
  });
  const written = await writeGlb(
    chunkScene(prepared, coarse.elements),
    scene.materials,
    count,
    generator,
    { trussChunks: index },
  );
  return {
    glb: written.glb,
    chunks,
    drawBatches: drawBatches + written.drawBatches,
    // What the one-file writer counts as it writes them.
    materials: prepared.materials,
    batches: null,
  };
}
