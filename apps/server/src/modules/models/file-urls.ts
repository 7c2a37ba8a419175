import { createHmac } from 'node:crypto';
import { VIEWABLE_FILES } from '@truss/viewable';
import { safeEqual } from '../../lib/crypto.ts';

/** The files of a ready model, by the name in their URL, and how the viewable stores them. */
export const MODEL_FILES = {
  'viewable.glb': {
    stored: VIEWABLE_FILES.glb.name,
    contentType: 'model/gltf-binary',
    storedEncoding: null,
    compressed: VIEWABLE_FILES.glb.compressed,
  },
  'metadata.json': {
    stored: VIEWABLE_FILES.metadata.name,
    contentType: 'application/json; charset=utf-8',
    storedEncoding: VIEWABLE_FILES.metadata.encoding,
  },
  'thumbnail.png': {
    stored: VIEWABLE_FILES.thumbnail.name,
    contentType: 'image/png',
    storedEncoding: null,
  },
} as const;
export type ModelFileName = keyof typeof MODEL_FILES;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Signed URLs let `<img src>` and the viewer load a ready model's files without the bearer
 * token. The expiry is rounded up to a day boundary, at least one day ahead, so a URL stays the
 * same (and cacheable) for a day and works for one to two days.
 */
export class FileUrlSigner {
  constructor(private readonly secret: string) {}

  #signature(modelId: string, file: ModelFileName, version: string, exp: number): string {
    return createHmac('sha256', this.secret)
      .update(`model-file\n${modelId}\n${file}\n${version}\n${exp}`)
      .digest('base64url')
      .slice(0, 32);
  }

  url(modelId: string, file: ModelFileName, version: string, now: Date): string {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const exp = Math.ceil((nowSeconds + DAY_SECONDS) / DAY_SECONDS) * DAY_SECONDS;
    const sig = this.#signature(modelId, file, version, exp);
    return `/api/models/${modelId}/${file}?v=${encodeURIComponent(version)}&exp=${exp}&sig=${sig}`;
  }

  verify(
    modelId: string,
    file: ModelFileName,
    query: { v?: string; exp?: number; sig?: string },
    now: Date,
  ): boolean {
    if (!query.v || !query.exp || !query.sig) return false;
    if (query.exp * 1000 < now.getTime()) return false;
    return safeEqual(this.#signature(modelId, file, query.v, query.exp), query.sig);
  }
}
