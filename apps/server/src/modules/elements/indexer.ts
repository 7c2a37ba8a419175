import { readMetadata, type ModelMetadata } from '@truss/viewable';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { elementRows } from './element-rows.ts';
import { readStoredMetadata } from './stored-metadata.ts';

/** A model with its current version's viewable (the model row's copy of it). */
export interface IndexedModel {
  id: string;
  current_version_id: string | null;
  metadata_hash: string | null;
  derived_prefix: string | null;
}

/** Whose rows: a version of a model. */
export interface IndexedVersion {
  modelId: string;
  versionId: string;
}

export interface ElementIndexerDeps {
  data: DataAccess;
  storage: ObjectStorage;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * Keeps the element index of each model version in step with its viewable. A conversion hands
 * its metadata over as soon as it is stored (`indexConverted`, any version); a model whose
 * current version's index is missing or older than its viewable (converted before the index
 * existed, or the hand-over failed) is indexed from its stored metadata the first time a query
 * needs it (`ensureIndexed`).
 */
export class ElementIndexer {
  readonly #d: ElementIndexerDeps;
  /** One indexing of a version at a time in this process. */
  readonly #running = new Map<string, Promise<void>>();

  constructor(deps: ElementIndexerDeps) {
    this.#d = deps;
  }

  /** After a conversion: the metadata JSON it just stored. */
  async indexConverted(
    version: IndexedVersion,
    metadataHash: string,
    json: Uint8Array,
  ): Promise<void> {
    await this.#once(version.versionId, () =>
      this.#write(version, metadataHash, () =>
        readMetadata(JSON.parse(Buffer.from(json).toString('utf8'))),
      ),
    );
  }

  /**
   * Indexes the current version of those of these (ready) models whose index does not match its
   * viewable.
   */
  async ensureIndexed(models: readonly IndexedModel[]): Promise<void> {
    const current = models.filter((m) => m.current_version_id !== null);
    const hashes = await this.#d.data.repos.elements.indexedHashes(
      current.map((m) => m.current_version_id!),
    );
    for (const model of current) {
      const versionId = model.current_version_id!;
      if (!model.metadata_hash || !model.derived_prefix) continue;
      if (hashes.get(versionId) === model.metadata_hash) continue;
      const { metadata_hash: hash, derived_prefix: prefix } = model;
      const version = { modelId: model.id, versionId };
      await this.#once(versionId, () =>
        this.#write(version, hash, () => readStoredMetadata(this.#d.storage, prefix)),
      );
    }
  }

  async #once(versionId: string, work: () => Promise<void>): Promise<void> {
    const running = this.#running.get(versionId);
    if (running) await running.catch(() => undefined);
    const next = work().finally(() => this.#running.delete(versionId));
    this.#running.set(versionId, next);
    await next;
  }

  /**
   * Replaces the version's rows unless they already come from this metadata. Metadata of another
   * format version (older viewables) indexes as a version without elements.
   */
  async #write(
    version: IndexedVersion,
    metadataHash: string,
    load: () => Promise<ModelMetadata | null> | ModelMetadata | null,
  ): Promise<void> {
    const { data, now, log } = this.#d;
    const current = await data.repos.elements.indexedHashes([version.versionId]);
    if (current.get(version.versionId) === metadataHash) return;
    const started = Date.now();
    const metadata = await load();
    const rows = metadata
      ? elementRows(metadata)
      : {
          elements: { elementId: [], guid: [], type: [], name: [], storey: [] },
          properties: { elementId: [], pset: [], name: [], value: [], num: [] },
        };
    const written = await data.transaction(async (repos) => {
      const held = await repos.elements.lockState(version.versionId, now());
      if (held === null || held === metadataHash) return false; // gone, or done meanwhile
      await repos.elements.replace(version, metadataHash, rows, now());
      return true;
    });
    if (written) {
      log.info(
        {
          model: version.modelId,
          version: version.versionId,
          elements: rows.elements.elementId.length,
          properties: rows.properties.elementId.length,
          ms: Date.now() - started,
        },
        'element index written',
      );
    }
  }
}
