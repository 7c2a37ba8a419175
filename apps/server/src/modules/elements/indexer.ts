import { readMetadata, type ModelMetadata } from '@truss/viewable';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { elementRows } from './element-rows.ts';
import { readStoredMetadata } from './stored-metadata.ts';

export interface IndexedModel {
  id: string;
  metadata_hash: string | null;
  derived_prefix: string | null;
}

export interface ElementIndexerDeps {
  data: DataAccess;
  storage: ObjectStorage;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * Keeps the element index of each model in step with its current viewable. A conversion hands
 * its metadata over as soon as it is stored (`indexConverted`); a model whose index is missing
 * or older than its viewable (converted before the index existed, or the hand-over failed) is
 * indexed from its stored metadata the first time a query needs it (`ensureIndexed`).
 */
export class ElementIndexer {
  readonly #d: ElementIndexerDeps;
  /** One indexing of a model at a time in this process. */
  readonly #running = new Map<string, Promise<void>>();

  constructor(deps: ElementIndexerDeps) {
    this.#d = deps;
  }

  /** After a conversion: the metadata JSON it just stored. */
  async indexConverted(modelId: string, metadataHash: string, json: Uint8Array): Promise<void> {
    await this.#once(modelId, () =>
      this.#write(modelId, metadataHash, () =>
        readMetadata(JSON.parse(Buffer.from(json).toString('utf8'))),
      ),
    );
  }

  /** Indexes those of these (ready) models whose index does not match their viewable. */
  async ensureIndexed(models: readonly IndexedModel[]): Promise<void> {
    const hashes = await this.#d.data.repos.elements.indexedHashes(models.map((m) => m.id));
    for (const model of models) {
      if (!model.metadata_hash || !model.derived_prefix) continue;
      if (hashes.get(model.id) === model.metadata_hash) continue;
      const { metadata_hash: hash, derived_prefix: prefix } = model;
      await this.#once(model.id, () =>
        this.#write(model.id, hash, () => readStoredMetadata(this.#d.storage, prefix)),
      );
    }
  }

  async #once(modelId: string, work: () => Promise<void>): Promise<void> {
    const running = this.#running.get(modelId);
    if (running) await running.catch(() => undefined);
    const next = work().finally(() => this.#running.delete(modelId));
    this.#running.set(modelId, next);
    await next;
  }

  /**
   * Replaces the model's rows unless they already come from this metadata. Metadata of another
   * version (older viewables) indexes as a model without elements.
   */
  async #write(
    modelId: string,
    metadataHash: string,
    load: () => Promise<ModelMetadata | null> | ModelMetadata | null,
  ): Promise<void> {
    const { data, now, log } = this.#d;
    const current = await data.repos.elements.indexedHashes([modelId]);
    if (current.get(modelId) === metadataHash) return;
    const started = Date.now();
    const metadata = await load();
    const rows = metadata
      ? elementRows(metadata)
      : {
          elements: { elementId: [], guid: [], type: [], name: [], storey: [] },
          properties: { elementId: [], pset: [], name: [], value: [], num: [] },
        };
    const written = await data.transaction(async (repos) => {
      const held = await repos.elements.lockState(modelId, now());
      if (held === null || held === metadataHash) return false; // gone, or done meanwhile
      await repos.elements.replace(modelId, metadataHash, rows, now());
      return true;
    });
    if (written) {
      log.info(
        {
          model: modelId,
          elements: rows.elements.elementId.length,
          properties: rows.properties.elementId.length,
          ms: Date.now() - started,
        },
        'element index written',
      );
    }
  }
}
