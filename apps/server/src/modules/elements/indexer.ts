import { readMetadata, type ModelMetadata } from '@truss/viewable';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { ElementsRepositories } from './repositories.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { elementRows, type ElementColumns, type PropertyColumns } from './element-rows.ts';
import { readStoredMetadata } from './stored-metadata.ts';

type Rows = { elements: ElementColumns; properties: PropertyColumns };

/** Rows per INSERT ... SELECT FROM unnest(...): one array parameter per column. */
const BATCH = 20_000;
/** With one connection each statement holds every request: a few tens of ms each. */
const ONE_CONNECTION_BATCH = 2_000;

/** Row ranges of `size` elements and `size` properties at a time, until both are in. */
function* parts(
  rows: Rows,
  size: number,
): Generator<{ elements: [number, number]; properties: [number, number] }> {
  const elements = rows.elements.elementId.length;
  const properties = rows.properties.elementId.length;
  for (let from = 0; from < Math.max(elements, properties); from += size) {
    yield {
      elements: [Math.min(from, elements), Math.min(from + size, elements)],
      properties: [Math.min(from, properties), Math.min(from + size, properties)],
    };
  }
}

const counts = (rows: Rows) => ({
  elements: rows.elements.elementId.length,
  properties: rows.properties.elementId.length,
});

/** A model with its current version's viewable (the model row's copy of it). */
interface IndexedModel {
  id: string;
  current_version_id: string | null;
  metadata_hash: string | null;
  derived_prefix: string | null;
}

/** Whose rows: a version of a model. */
interface IndexedVersion {
  modelId: string;
  versionId: string;
}

interface ElementIndexerDeps {
  data: DataAccess<ElementsRepositories>;
  /** The database has one connection (PGlite): no long transactions (see #writeInSteps). */
  oneConnection: boolean;
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
    const rows: Rows = metadata
      ? elementRows(metadata)
      : {
          elements: { elementId: [], guid: [], type: [], name: [], storey: [] },
          properties: { elementId: [], pset: [], name: [], value: [], num: [] },
        };
    const written = this.#d.oneConnection
      ? await this.#writeInSteps(version, metadataHash, rows)
      : await data.transaction(async (repos) => {
          const held = await repos.elements.lockState(version.versionId, now());
          if (held === null || held === metadataHash) return false; // gone, or done meanwhile
          await repos.elements.clear(version.versionId);
          for (const part of parts(rows, BATCH)) {
            await repos.elements.insertRows(version, rows, part);
          }
          await repos.elements.markWritten(version.versionId, metadataHash, counts(rows), now());
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
  /**
   * On a database with one connection (PGlite) a transaction holds every other request for its
   * length: a 200,000-element tower's rows took minutes, and the API answered nothing meanwhile.
   * There the rows go in small statements of their own, with requests served between them.
   * Nothing else writes them meanwhile: PGlite has this process only, and `#once` keeps to one
   * writer per version. Until the last step the state's hash is '', so queries wait for the
   * index (`ensureIndexed`) instead of reading it half written.
   */
  async #writeInSteps(version: IndexedVersion, metadataHash: string, rows: Rows): Promise<boolean> {
    const { data, now } = this.#d;
    const { versionId } = version;
    const cleared = await data.transaction(async (repos) => {
      const held = await repos.elements.lockState(versionId, now());
      if (held === null || held === metadataHash) return false; // gone, or done meanwhile
      await repos.elements.clear(versionId);
      return true;
    });
    if (!cleared) return false;
    try {
      for (const part of parts(rows, ONE_CONNECTION_BATCH)) {
        await data.repos.elements.insertRows(version, rows, part);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      // The version was deleted meanwhile (its rows went with it): nothing left to index.
      if ((await data.repos.elements.indexedHashes([versionId])).size === 0) return false;
      throw error;
    }
    return data.transaction(async (repos) => {
      if ((await repos.elements.lockState(versionId, now())) !== '') return false;
      await repos.elements.markWritten(versionId, metadataHash, counts(rows), now());
      return true;
    });
  }
}
