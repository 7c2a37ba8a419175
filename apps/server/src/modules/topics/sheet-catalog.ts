import { SHEET_FILES, type SheetIndex } from '@truss/viewable';
import type { DataScope } from '../../repositories.ts';
import { findModel } from '../models/index.ts';
import type { ObjectStorage } from '../storage/index.ts';

/**
 * The sheet ids of a model (its sheets.json: a drawing's pages and layouts, an IFC model's
 * storey plans), so a topic is pinned or marked up only on a sheet its model has. A version's
 * files never change once stored, so the ids are kept by storage prefix.
 */
export class SheetCatalog {
  readonly #storage: ObjectStorage;
  readonly #ids = new Map<string, ReadonlySet<string>>();

  constructor(storage: ObjectStorage) {
    this.#storage = storage;
  }

  async sheetIds(scope: DataScope, modelId: string): Promise<ReadonlySet<string>> {
    const model = await findModel(scope, modelId);
    if (!model || model.deleted_at || model.status !== 'ready' || !model.derived_prefix) {
      return new Set();
    }
    const key = `${model.derived_prefix}${SHEET_FILES.index.name}`;
    const cached = this.#ids.get(key);
    if (cached) return cached;
    // A 3D model without storey plans has no sheets.json: no sheets.
    if (!(await this.#storage.stat(key))) return new Set();
    const chunks: Buffer[] = [];
    for await (const chunk of await this.#storage.get(key)) chunks.push(chunk as Buffer);
    const index = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SheetIndex;
    const ids = new Set(index.sheets.map((sheet) => sheet.id));
    if (this.#ids.size >= 500) this.#ids.delete(this.#ids.keys().next().value!);
    this.#ids.set(key, ids);
    return ids;
  }
}
