import { Readable } from 'node:stream';
import { SHEET_PREVIEW_DEFAULT_WIDTH, type Sheet, type StoreyPlan } from '@truss/contracts';
import { isSheetFormat, SHEET_FILES, type SheetIndex, type SheetInfo } from '@truss/viewable';
import type { ModelRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { ModelNotFoundError, ModelNotReadyError, VersionNotReadyError } from './errors.ts';
import type { FileUrlSigner, SheetUrlFile } from './file-urls.ts';
import type { FileAccess, ModelsService } from './service.ts';
import type { StoredFile } from './stored-files.ts';

/** Scales a stored PNG to a width (the converter's @napi-rs/canvas, loaded on first use). */
export type PngScaler = (png: Uint8Array, width: number) => Promise<Uint8Array>;

interface SheetsServiceDeps {
  models: ModelsService;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  now: Clock;
  scalePng?: PngScaler;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** IFC models (also zipped) get storey plans beside their 3D viewable. */
const isIfc = (model: Pick<ModelRow, 'format'>) =>
  model.format === 'ifc' || model.format === 'ifczip';

/** What sheets are read from: a model's current version, or one version of it. */
type SheetSource = Pick<ModelRow, 'format' | 'derived_prefix' | 'viewable_hash'>;

/** The storey plans of a sheet index (none without one). */
function plansOf(index: SheetIndex | null): StoreyPlan[] {
  return (index?.sheets ?? []).flatMap((sheet) =>
    sheet.kind === 'storey-plan' && sheet.storey
      ? [
          {
            storeyId: sheet.storey.globalId,
            name: sheet.name,
            elevation: sheet.storey.elevation,
            sheetId: sheet.id,
          },
        ]
      : [],
  );
}

async function defaultScaler(png: Uint8Array, width: number): Promise<Uint8Array> {
  const { scalePng } = await import('@truss/converter');
  return scalePng(png, width);
}

/**
 * The sheets of a drawing (PDF, DXF, DWG) converted into the sheet viewable: the list with
 * signed file URLs, and the stored files behind them. Access is the model's: members who may
 * view it (by bearer token, or by a URL signed for them).
 */
export class ModelSheetsService {
  readonly #d: SheetsServiceDeps;
  /** Parsed sheets.json by storage key: immutable once stored (a new version has a new key). */
  readonly #indexes = new Map<string, SheetIndex>();

  constructor(deps: SheetsServiceDeps) {
    this.#d = deps;
  }

  /**
   * The model's sheets as `userId` sees them: a drawing's pages and layouts, an IFC model's
   * storey plans; other 3D models have none (`[]`).
   */
  async list(userId: string, modelId: string): Promise<Sheet[]> {
    const model = await this.#readyFor(userId, modelId);
    const index = await this.#indexOf(model);
    if (!index) return [];
    const hash = model.viewable_hash ?? '';
    const now = this.#d.now();
    return this.#listed(index, (sheetId, file) =>
      this.#d.signer.sheetUrl(modelId, sheetId, file, hash, userId, now),
    );
  }

  /**
   * The sheets of one version: a drawing's (the overlay compare of two versions) or an IFC
   * version's storey plans (an older version on screen), with URLs signed for that version;
   * other 3D versions have none (`[]`), one not converted yet is 409.
   */
  async versionList(userId: string, modelId: string, versionId: string): Promise<Sheet[]> {
    const version = await this.#d.models.readableVersion({ userId }, modelId, versionId);
    if (version.status !== 'ready' || !version.derived_prefix) throw new VersionNotReadyError();
    const index = await this.#indexOf(version);
    if (!index) return [];
    const hash = version.viewable_hash ?? '';
    const now = this.#d.now();
    return this.#listed(index, (sheetId, file) =>
      this.#d.signer.versionSheetUrl(modelId, versionId, sheetId, file, hash, userId, now),
    );
  }

  /** A version's sheet file (`file` as `file()`; `width` for the preview). */
  async versionFile(
    access: FileAccess,
    modelId: string,
    versionId: string,
    sheetId: string | null,
    file: 'content' | 'text' | 'preview.png',
    width = SHEET_PREVIEW_DEFAULT_WIDTH,
  ): Promise<StoredFile> {
    const version = await this.#d.models.readableVersion(access, modelId, versionId);
    if (version.status !== 'ready' || !version.derived_prefix) throw new VersionNotReadyError();
    const index = await this.#indexOf(version);
    if (!index) throw new ModelNotFoundError('no sheets');
    if (sheetId === null) {
      // The source PDF (`sheets/source.pdf`) the version's pages are drawn from.
      if (index.source !== 'pdf' || file !== 'content') throw new ModelNotFoundError('not a PDF');
      return this.#stored(version, SHEET_FILES.pdf.name, SHEET_FILES.pdf.contentType);
    }
    const sheet = this.#sheet(index, sheetId);
    if (file === 'preview.png') return this.#preview(version, sheet, width);
    return this.#stored(
      version,
      this.#fileSpec(sheet, file).name,
      this.#fileSpec(sheet, file).contentType,
    );
  }

  #fileSpec(sheet: SheetInfo, file: 'content' | 'text'): { name: string; contentType: string } {
    if (file === 'content')
      return sheet.content === 'pdf' ? SHEET_FILES.pdf : SHEET_FILES.vector(sheet.id);
    if (sheet.content === 'pdf') return SHEET_FILES.pdfText(sheet.id);
    throw new ModelNotFoundError('no such sheet file');
  }

  #listed(index: SheetIndex, url: (sheetId: string | null, file: SheetUrlFile) => string): Sheet[] {
    return index.sheets.map((sheet) => ({
      id: sheet.id,
      name: sheet.name,
      index: sheet.index,
      kind: sheet.kind,
      width: sheet.width,
      height: sheet.height,
      units: sheet.units,
      layers: sheet.layers,
      content: sheet.content,
      content_url: sheet.content === 'pdf' ? url(null, 'source.pdf') : url(sheet.id, 'content'),
      text_url: sheet.content === 'pdf' ? url(sheet.id, 'text') : null,
      preview_url: url(sheet.id, 'preview.png'),
      pdf_page: sheet.pdfPage ?? null,
      storey: sheet.storey
        ? {
            global_id: sheet.storey.globalId,
            elevation: sheet.storey.elevation,
            cut_height: sheet.storey.cutHeight,
          }
        : null,
    }));
  }

  /**
   * An IFC model's storey plans (`[]` for other formats, and for an IFC converted before plans
   * existed): storey GlobalId, name, elevation (metres) and the plan's sheet id.
   */
  async plans(userId: string, modelId: string): Promise<StoreyPlan[]> {
    const model = await this.#readyFor(userId, modelId);
    if (!isIfc(model)) return [];
    return plansOf(await this.#indexOf(model));
  }

  /**
   * The sheets a share shows (its visitor was checked by the shares module): the model's current
   * version's, or those of `versionId`, the version the share is pinned to. `url` makes each
   * file's share-scoped URL from the sheet id (null: the source PDF), the file and its hash.
   * A 3D model without plans has none (`[]`).
   */
  async sharedList(
    modelId: string,
    versionId: string | null,
    url: (sheetId: string | null, file: SheetUrlFile, hash: string) => string,
  ): Promise<Sheet[]> {
    const source = await this.#sharedSource(modelId, versionId);
    const index = await this.#indexOf(source);
    if (!index) return [];
    const hash = source.viewable_hash ?? '';
    return this.#listed(index, (sheetId, file) => url(sheetId, file, hash));
  }

  /** A share's storey plans (as `plans`), of its pinned version when it has one. */
  async sharedPlans(modelId: string, versionId: string | null): Promise<StoreyPlan[]> {
    const source = await this.#sharedSource(modelId, versionId);
    if (!isIfc(source)) return [];
    return plansOf(await this.#indexOf(source));
  }

  /**
   * A file of a share's sheet (`sheetId` null: the source PDF), of its pinned version when it
   * has one; `width` for the preview. 404 for a model without sheets or a sheet it has not.
   */
  async sharedFile(
    modelId: string,
    versionId: string | null,
    sheetId: string | null,
    file: SheetUrlFile,
    width = SHEET_PREVIEW_DEFAULT_WIDTH,
  ): Promise<StoredFile> {
    const source = await this.#sharedSource(modelId, versionId);
    const index = await this.#indexOf(source);
    if (!index) throw new ModelNotFoundError('no sheets');
    if (sheetId === null) {
      if (index.source !== 'pdf' || file !== 'source.pdf')
        throw new ModelNotFoundError('not a PDF');
      return this.#stored(source, SHEET_FILES.pdf.name, SHEET_FILES.pdf.contentType);
    }
    const sheet = this.#sheet(index, sheetId);
    if (file === 'preview.png') return this.#preview(source, sheet, width);
    if (file === 'source.pdf') throw new ModelNotFoundError('no such sheet file');
    const spec = this.#fileSpec(sheet, file);
    return this.#stored(source, spec.name, spec.contentType);
  }

  /** What a share shows: the model's current version, or its pinned one; ready, or 409. */
  async #sharedSource(modelId: string, versionId: string | null): Promise<SheetSource> {
    if (versionId) {
      const version = await this.#d.models.readableVersion({ shared: true }, modelId, versionId);
      if (version.status !== 'ready' || !version.derived_prefix) throw new VersionNotReadyError();
      return version;
    }
    const model = await this.#d.models.readable({ shared: true }, modelId);
    if (model.status !== 'ready' || !model.derived_prefix) throw new ModelNotReadyError();
    return model;
  }

  async #readyFor(userId: string, modelId: string): Promise<ModelRow> {
    const model = await this.#d.models.authorized(userId, modelId, 'model.view');
    if (model.deleted_at) throw new ModelNotFoundError();
    if (model.status !== 'ready' || !model.derived_prefix) throw new ModelNotReadyError();
    return model;
  }

  /** The sheet index of a drawing, or of an IFC model when it has plans; else null. */
  async #indexOf(model: SheetSource): Promise<SheetIndex | null> {
    if (isSheetFormat(model.format ?? '')) return this.#index(model);
    if (!isIfc(model)) return null;
    const key = `${model.derived_prefix}${SHEET_FILES.index.name}`;
    if (!this.#indexes.has(key) && !(await this.#d.storage.stat(key))) return null;
    return this.#index(model);
  }

  /**
   * A stored file of a sheet (`sheetId` null: the source PDF). 404 for a sheet the model does
   * not have, or a file its kind has not (a vector sheet's text).
   */
  async file(
    access: FileAccess,
    modelId: string,
    sheetId: string | null,
    file: Exclude<SheetUrlFile, 'preview.png'>,
  ): Promise<StoredFile> {
    const model = await this.#readySheets(access, modelId);
    const index = await this.#index(model);
    let spec: { name: string; contentType: string };
    if (sheetId === null) {
      if (index.source !== 'pdf') throw new ModelNotFoundError('not a PDF');
      spec = SHEET_FILES.pdf;
    } else if (file === 'source.pdf') throw new ModelNotFoundError('no such sheet file');
    else spec = this.#fileSpec(this.#sheet(index, sheetId), file);
    return this.#stored(model, spec.name, spec.contentType);
  }

  /**
   * A sheet's preview `width` pixels wide: the stored 1024 px raster, scaled (down, or up past
   * 1024 for a sharper-looking thumbnail it cannot make: it only interpolates).
   */
  async preview(
    access: FileAccess,
    modelId: string,
    sheetId: string,
    width: number,
  ): Promise<StoredFile> {
    const model = await this.#readySheets(access, modelId);
    return this.#preview(model, this.#sheet(await this.#index(model), sheetId), width);
  }

  async #preview(
    model: Pick<ModelRow, 'derived_prefix' | 'viewable_hash'>,
    sheet: SheetInfo,
    width: number,
  ): Promise<StoredFile> {
    const spec = SHEET_FILES.preview(sheet.id);
    const stored = await this.#stored(model, spec.name, spec.contentType);
    if (width === SHEET_PREVIEW_DEFAULT_WIDTH) return stored;
    const scaled = await (this.#d.scalePng ?? defaultScaler)(
      await readAll(await stored.open()),
      width,
    );
    const body = Buffer.from(scaled.buffer, scaled.byteOffset, scaled.byteLength);
    return {
      ...stored,
      size: body.length,
      open: async (range) =>
        Readable.from([range ? body.subarray(range.start, range.end + 1) : body]),
    };
  }

  async #readySheets(access: FileAccess, modelId: string): Promise<ModelRow> {
    const model = await this.#d.models.readable(access, modelId);
    if (model.status !== 'ready' || !model.derived_prefix) throw new ModelNotReadyError();
    if (!isSheetFormat(model.format ?? '') && !isIfc(model))
      throw new ModelNotFoundError('no sheets');
    return model;
  }

  #sheet(index: SheetIndex, sheetId: string): SheetInfo {
    const sheet = index.sheets.find((candidate) => candidate.id === sheetId);
    if (!sheet) throw new ModelNotFoundError('no such sheet');
    return sheet;
  }

  async #index(model: Pick<ModelRow, 'derived_prefix'>): Promise<SheetIndex> {
    const key = `${model.derived_prefix}${SHEET_FILES.index.name}`;
    const cached = this.#indexes.get(key);
    if (cached) return cached;
    const stored = await this.#d.storage.stat(key);
    if (!stored) throw new ModelNotFoundError(`missing object ${key}`);
    const index = JSON.parse(
      (await readAll(await this.#d.storage.get(key))).toString('utf8'),
    ) as SheetIndex;
    if (this.#indexes.size >= 500) this.#indexes.delete(this.#indexes.keys().next().value!);
    this.#indexes.set(key, index);
    return index;
  }

  async #stored(
    model: Pick<ModelRow, 'derived_prefix' | 'viewable_hash'>,
    name: string,
    contentType: string,
  ): Promise<StoredFile> {
    const key = `${model.derived_prefix}${name}`;
    const info = await this.#d.storage.stat(key);
    if (!info) throw new ModelNotFoundError(`missing object ${key}`);
    const storage = this.#d.storage;
    return {
      key,
      size: info.size,
      contentType,
      // The version's sheets.json hash: an ETag is per URL, and `?v=` equal to it (the signed
      // URLs' version) makes the response immutable.
      hash: model.viewable_hash ?? '',
      storedEncoding: null,
      open: (range) => storage.get(key, range),
    };
  }
}
