/**
 * What a finished conversion stores: the converter's outcome turned into the files of the
 * viewable (a 3D model's glb, its brotli copy, metadata and thumbnail; a drawing's sheet files
 * and thumbnail) and the hashes the version row keeps. The job (convert-job.ts) stores them
 * under its attempt's prefix and flips the version to them.
 */
import { createHash } from 'node:crypto';
import { brotliCompress, constants as zlibConstants, gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { chunkFile, SHEET_FILES, VIEWABLE_FILES } from '@truss/viewable';
import { JobFailure } from '../jobs/index.ts';

const brotliAsync = promisify(brotliCompress);
const gunzipAsync = promisify(gunzip);

/** What a conversion returns (the converter's worker response, buffers transferred). */
export type ConversionOutcome =
  | {
      ok: true;
      kind?: 'model';
      glb: ArrayBuffer;
      /** A chunked model's other chunks (`chunkFile(n)` of @truss/viewable for chunks[n - 1]). */
      chunks?: ArrayBuffer[];
      thumbnailPng: ArrayBuffer;
      /** The metadata JSON, gzip-compressed. */
      metadataGz: ArrayBuffer;
      /** The detected source format (the metadata's `format`). */
      format: string;
      /** IFC storey plans: sheet files (sheets.json, vector sheets, previews) for the version. */
      plans?: { name: string; contentType: string; bytes: ArrayBuffer }[];
      stats: unknown;
    }
  | {
      ok: true;
      /** A drawing: the sheet viewable's files (`SHEET_FILES` of @truss/viewable). */
      kind: 'sheets';
      files: { name: string; contentType: string; bytes: ArrayBuffer }[];
      thumbnailPng: ArrayBuffer;
      format: string;
      stats: unknown;
    }
  | { ok: false; code: string; message: string };
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface StoredViewable {
  /** name, bytes, content type: stored under the attempt's prefix. */
  files: [string, Uint8Array, string][];
  /** The version's `viewable_hash`: the glb's, or a drawing's sheets.json's. */
  viewableHash: string;
  metadataHash: string | null;
  metadataJson: Uint8Array | null;
}

export async function modelFiles(
  outcome: Extract<ConversionOutcome, { ok: true; glb: ArrayBuffer }>,
): Promise<StoredViewable> {
  const glb = new Uint8Array(outcome.glb);
  const thumbnail = new Uint8Array(outcome.thumbnailPng);
  const metadataJson = await gunzipAsync(new Uint8Array(outcome.metadataGz));
  // The converter hands the metadata over gzip'd (cheap in its worker); the viewable keeps one
  // copy in the stored layout's encoding (brotli: smaller, served as is to browsers).
  // The model's brotli copy at quality 6: within a few percent of 11 on meshopt output (which
  // is laid out for a general compressor), in a tenth of the time.
  const [metadata, glbBrotli] = await Promise.all([
    brotliAsync(metadataJson, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: metadataJson.byteLength,
      },
    }),
    brotliAsync(glb, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: glb.byteLength,
      },
    }),
  ]);
  return {
    files: [
      ...(await chunkFiles(outcome.chunks ?? [])),
      [VIEWABLE_FILES.glb.name, glb, VIEWABLE_FILES.glb.contentType],
      [VIEWABLE_FILES.glb.compressed.name, glbBrotli, VIEWABLE_FILES.glb.contentType],
      [VIEWABLE_FILES.metadata.name, metadata, VIEWABLE_FILES.metadata.contentType],
      [VIEWABLE_FILES.thumbnail.name, thumbnail, VIEWABLE_FILES.thumbnail.contentType],
      // Storey plans live beside the model's files under the same prefix (the sheets' layout).
      ...(outcome.plans ?? []).map((file): [string, Uint8Array, string] => [
        file.name,
        new Uint8Array(file.bytes),
        file.contentType,
      ]),
    ],
    viewableHash: sha256(glb),
    metadataHash: sha256(metadataJson),
    metadataJson,
  };
}

/**
 * A chunked model's chunks, each with its brotli copy like the model's (served the same way).
 * One at a time, so the copies of a 200,000-element tower do not all sit in memory at once
 * beside the chunks.
 */
async function chunkFiles(chunks: ArrayBuffer[]): Promise<StoredViewable['files']> {
  const files: StoredViewable['files'] = [];
  for (const [i, buffer] of chunks.entries()) {
    const bytes = new Uint8Array(buffer);
    const name = chunkFile(i + 1);
    const copy = await brotliAsync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    });
    files.push([name, bytes, VIEWABLE_FILES.glb.contentType]);
    files.push([`${name}.br`, copy, VIEWABLE_FILES.glb.contentType]);
  }
  return files;
}

/** A drawing's sheet files as converted (JSON, PNG, the source PDF) and its thumbnail. */
export function sheetFiles(
  outcome: Extract<ConversionOutcome, { kind: 'sheets' }>,
): StoredViewable {
  const files: StoredViewable['files'] = outcome.files.map((file) => [
    file.name,
    new Uint8Array(file.bytes),
    file.contentType,
  ]);
  const index = files.find(([name]) => name === SHEET_FILES.index.name);
  if (!index)
    throw new JobFailure('CONVERSION_FAILED', 'the converter wrote no sheets.json', false);
  files.push([
    VIEWABLE_FILES.thumbnail.name,
    new Uint8Array(outcome.thumbnailPng),
    VIEWABLE_FILES.thumbnail.contentType,
  ]);
  return { files, viewableHash: sha256(index[1]), metadataHash: null, metadataJson: null };
}
