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

/**
 * A chunk of a chunked model, by the last segment of its URL (`chunks/<n>.glb`, n >= 1; see
 * `chunks.ts` of @truss/viewable). Its URL carries the viewable's signed query: a chunk is part
 * of `viewable.glb` and is checked as it is.
 */
export const CHUNK_URL_NAME = /^([1-9][0-9]{0,5})\.glb$/;
/** The most chunks a viewable may have (the URL's n is at most this). */
export const MAX_CHUNKS = 99_999;

/** The files of a drawing's sheets, by the last segment of their URL (sheets-routes.ts). */
export const SHEET_URL_FILES = ['source.pdf', 'content', 'text', 'preview.png'] as const;
export type SheetUrlFile = (typeof SHEET_URL_FILES)[number];

/** What a signed URL names: a model's file, or a sheet's (`sheets/<sheetId>/<file>`). */
type SignedFile = ModelFileName | `sheets/${string}`;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Signed URLs let `<img src>` and the viewer load a ready model's files without the bearer
 * token. Each is bound to the user it was made for (`u`, under the signature): the route checks
 * that user's current access to the model on every request (cached for a few seconds), so a URL
 * stops working soon after its user loses access, however long its signature lasts. The expiry
 * is rounded up to a day boundary, at least one day ahead, so a URL stays the same (and
 * cacheable) for a day and works for one to two days.
 */
export class FileUrlSigner {
  constructor(private readonly secret: string) {}

  #signature(
    modelId: string,
    file: SignedFile,
    version: string,
    userId: string,
    exp: number,
  ): string {
    return createHmac('sha256', this.secret)
      .update(`model-file\n${modelId}\n${file}\n${version}\n${userId}\n${exp}`)
      .digest('base64url')
      .slice(0, 32);
  }

  url(modelId: string, file: ModelFileName, version: string, userId: string, now: Date): string {
    return `/api/models/${modelId}/${file}?${this.#query(modelId, file, version, userId, now)}`;
  }

  /** The URL of a file of one version of the model (`versions/<versionId>/<file>`). */
  versionUrl(
    target: { modelId: string; versionId: string },
    file: ModelFileName,
    hash: string,
    userId: string,
    now: Date,
  ): string {
    const { modelId, versionId } = target;
    const query = this.#query(`${modelId}/${versionId}`, file, hash, userId, now);
    return `/api/models/${modelId}/versions/${versionId}/${file}?${query}`;
  }

  /**
   * The URL of a file of a drawing's sheet: `sheets/<sheetId>/<file>`, or `sheets/source.pdf`
   * (`sheetId` null) for the PDF every page of a PDF is drawn from. `hash` is the version's
   * sheets.json hash (the model's `viewable_hash`).
   */
  sheetUrl(
    modelId: string,
    sheetId: string | null,
    file: SheetUrlFile,
    hash: string,
    userId: string,
    now: Date,
  ): string {
    const name = sheetFileName(sheetId, file);
    return `/api/models/${modelId}/${name}?${this.#query(modelId, name, hash, userId, now)}`;
  }

  /** A version's sheet file URL (the subject `<modelId>/<versionId>`, as a version's files). */
  versionSheetUrl(
    modelId: string,
    versionId: string,
    sheetId: string | null,
    file: SheetUrlFile,
    hash: string,
    userId: string,
    now: Date,
  ): string {
    const name = sheetFileName(sheetId, file);
    const subject = `${modelId}/${versionId}`;
    const query = this.#query(subject, name, hash, userId, now);
    return `/api/models/${modelId}/versions/${versionId}/${name}?${query}`;
  }

  /** verify() for a sheet's file URL. */
  verifySheet(
    modelId: string,
    sheetId: string | null,
    file: SheetUrlFile,
    query: { v?: string; u?: string; exp?: number; sig?: string },
    now: Date,
  ): string | null {
    return this.verify(modelId, sheetFileName(sheetId, file), query, now);
  }

  #query(subject: string, file: SignedFile, version: string, userId: string, now: Date) {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const exp = Math.ceil((nowSeconds + DAY_SECONDS) / DAY_SECONDS) * DAY_SECONDS;
    const sig = this.#signature(subject, file, version, userId, exp);
    return `v=${encodeURIComponent(version)}&u=${userId}&exp=${exp}&sig=${sig}`;
  }

  /**
   * The user the URL was made for, or null when it is not a valid, unexpired signed URL.
   * `modelId` is `<modelId>/<versionId>` for a version's URL.
   */
  verify(
    modelId: string,
    file: SignedFile,
    query: { v?: string; u?: string; exp?: number; sig?: string },
    now: Date,
  ): string | null {
    if (!query.v || !query.u || !query.exp || !query.sig) return null;
    if (query.exp * 1000 < now.getTime()) return null;
    const expected = this.#signature(modelId, file, query.v, query.u, query.exp);
    return safeEqual(expected, query.sig) ? query.u : null;
  }
}

function sheetFileName(sheetId: string | null, file: SheetUrlFile): `sheets/${string}` {
  return sheetId === null ? `sheets/${file}` : `sheets/${sheetId}/${file}`;
}
