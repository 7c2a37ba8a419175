/** What an importer gets besides the bytes: companions, progress reporting and cancellation. */
import { AbortedError } from '../errors.ts';

export type ConversionStage = 'detect' | 'parse' | 'geometry' | 'optimize' | 'write' | 'thumbnail';

export interface ImportContext {
  filename: string;
  /** Other files that came with the model (MTL, textures), keyed by their name or path. */
  companions: Map<string, Uint8Array>;
  /** Reports progress within the current stage (0..1); also the place cancellation is checked. */
  progress(stage: ConversionStage, fraction: number): void;
  /** Throws AbortedError when the caller cancelled. */
  checkAbort(): void;
  maxTriangles: number;
}

export function makeAbortCheck(signal: AbortSignal | undefined): () => void {
  return () => {
    if (signal?.aborted) throw new AbortedError();
  };
}

function normaliseName(name: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch (_error) {
    decoded = name;
  }
  const parts = decoded.replace(/\\/g, '/').split('/');
  return (parts[parts.length - 1] ?? '').toLowerCase();
}

/** Finds a companion by the reference a model makes to it (any folder, any case, URL-escaped). */
export function findCompanion(
  companions: Map<string, Uint8Array>,
  reference: string,
): Uint8Array | null {
  if (!reference) return null;
  const direct = companions.get(reference);
  if (direct) return direct;
  const wanted = normaliseName(reference);
  for (const [name, bytes] of companions) if (normaliseName(name) === wanted) return bytes;
  return null;
}
