/**
 * convertModel: bytes (or a path) in, the viewable out: one .glb, the metadata (element table,
 * tree, properties, storeys) and a thumbnail. Stages report progress and check cancellation
 * in between: detect, parse, geometry, optimize, write, thumbnail.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { AbortedError, asConversionError, NoGeometryError, TooLargeError } from './errors.ts';
import { detectFormat, stepFileSchema, type ModelFormat } from './formats.ts';
import { makeAbortCheck, type ConversionStage, type ImportContext } from './importers/context.ts';
import { importByFormat } from './importers/index.ts';
import {
  METADATA_VERSION,
  type ModelMetadata,
  type ModelStats,
  type ModelTreeNode,
} from './metadata.ts';
import { prepareScene, type PreparedScene } from './pipeline/prepare.ts';
import { renderThumbnail } from './pipeline/thumbnail.ts';
import { writeGlb } from './pipeline/write-glb.ts';
import type { SceneModel } from './scene.ts';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip.ts';

export const CONVERTER_VERSION = 1;

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
}

export interface ConversionStats extends ModelStats {
  inputBytes: number;
  glbBytes: number;
  seconds: number;
  stageSeconds: Partial<Record<ConversionStage, number>>;
}

export interface ConversionResult {
  glb: Uint8Array;
  metadata: ModelMetadata;
  thumbnailPng: Uint8Array;
  stats: ConversionStats;
}

const DEFAULT_MAX_TRIANGLES = 50_000_000;
const DEFAULT_MAX_INPUT_BYTES = 2 * 1024 ** 3;

async function readInput(input: ConvertInput, maxBytes: number): Promise<Uint8Array> {
  if (typeof input.bytes !== 'string') {
    if (input.bytes.length > maxBytes)
      throw new TooLargeError(`The file is larger than ${maxBytes} bytes.`);
    return input.bytes;
  }
  const info = await stat(input.bytes);
  if (info.size > maxBytes) throw new TooLargeError(`The file is larger than ${maxBytes} bytes.`);
  const buffer = await readFile(input.bytes);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
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
  const bytes = await readInput(input, options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES);
  const format = detectFormat(bytes, filename);
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
    scene = await importByFormat(format, bytes, ctx, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    throw asConversionError(error, `The ${format.toUpperCase()} file`);
  }
  checkAbort();

  enter('optimize');
  const prepared = prepareScene(scene);
  if (prepared.triangles === 0) throw new NoGeometryError();
  if (prepared.triangles > ctx.maxTriangles) {
    throw new TooLargeError(
      `The model has ${prepared.triangles} triangles, over the limit of ${ctx.maxTriangles}.`,
    );
  }
  progress('optimize', 1);

  enter('write');
  const written = await writeGlb(
    prepared,
    scene.materials,
    scene.elements.length,
    `Truss converter ${CONVERTER_VERSION}`,
  );
  progress('write', 1);

  enter('thumbnail');
  const thumbnailPng = renderThumbnail(prepared, scene.materials);
  progress('thumbnail', 1);
  stageSeconds.thumbnail = (performance.now() - stageStarted) / 1000;

  const stats: ModelStats = {
    elements: scene.elements.length,
    triangles: prepared.triangles,
    materials: written.materials,
    instances: prepared.instances,
    drawBatches: written.drawBatches,
  };
  const metadata = buildMetadata(scene, prepared, format, filename, bytes, stats);
  return {
    glb: written.glb,
    metadata,
    thumbnailPng,
    stats: {
      ...stats,
      inputBytes: bytes.length,
      glbBytes: written.glb.length,
      seconds: (performance.now() - started) / 1000,
      stageSeconds,
    },
  };
}

function roundBox<T extends number[] | null>(box: T): T {
  // "+ 0" turns -0 into 0 so the metadata survives a JSON round trip unchanged.
  return (box ? box.map((v) => Math.round(v * 1e5) / 1e5 + 0) : null) as T;
}

function buildTree(scene: SceneModel): ModelTreeNode | null {
  if (scene.elements.length === 0) return null;
  const nodes = scene.elements.map((_, id): ModelTreeNode => ({ id, children: [] }));
  const roots: ModelTreeNode[] = [];
  scene.elements.forEach((element, id) => {
    const parent = element.parent === null ? undefined : nodes[element.parent];
    if (parent) parent.children.push(nodes[id]!);
    else roots.push(nodes[id]!);
  });
  if (roots.length === 1) return roots[0]!;
  // Several roots (or none, with a cycle): hang them under a synthetic root with id -1.
  return { id: -1, children: roots };
}

function buildMetadata(
  scene: SceneModel,
  prepared: PreparedScene,
  format: ModelFormat,
  filename: string,
  bytes: Uint8Array,
  stats: ModelStats,
): ModelMetadata {
  const tree = buildTree(scene);
  const descendants = new Map<number, number>();
  const count = (node: ModelTreeNode): number => {
    const total = node.children.reduce((sum, child) => sum + 1 + count(child), 0);
    descendants.set(node.id, total);
    return total;
  };
  if (tree) count(tree);
  const properties: Record<string, ModelMetadata['properties'][string]> = {};
  for (const [element, sets] of scene.properties ?? []) properties[String(element)] = sets;
  return {
    version: METADATA_VERSION,
    format,
    source: {
      filename,
      bytes: bytes.length,
      schema:
        scene.schema ?? (format === 'ifc' || format === 'step' ? stepFileSchema(bytes) : null),
    },
    units: { source: scene.sourceUnit, toMetres: scene.sourceUnitToMetres ?? scene.toMetres },
    origin: prepared.origin,
    bbox: roundBox(prepared.bbox),
    elements: scene.elements.map((element, id) => ({
      id,
      ...(element.expressId !== undefined ? { expressId: element.expressId } : {}),
      ...(element.globalId !== undefined ? { globalId: element.globalId } : {}),
      type: element.type,
      name: element.name,
      parent: element.parent,
      bbox: roundBox(prepared.elementBoxes[id] ?? null),
      triangles: prepared.elementTriangles[id] ?? 0,
    })),
    tree,
    properties,
    storeys: (scene.storeys ?? []).map((storey) => ({
      id: storey.element,
      name: storey.name,
      elevation: storey.elevation,
      elements: descendants.get(storey.element) ?? 0,
    })),
    stats,
  };
}
