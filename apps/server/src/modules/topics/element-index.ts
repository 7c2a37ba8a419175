import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { TopicsRepositories } from './repositories.ts';
import type { ObjectStorage } from '../storage/index.ts';

const brotliAsync = promisify(brotliDecompress);

/** The parts of a stored `metadata.json.br` read here (columns of the element table). */
interface StoredMetadata {
  strings?: unknown[];
  elements?: { globalId?: unknown[]; name?: unknown[]; type?: unknown[] };
}

/** GlobalIds of one stored metadata file, cached by its hash (metadata never changes in place). */
const CACHED_MODELS = 16;

/**
 * Which model of a project holds an IFC GlobalId: read from each ready model's stored
 * `metadata.json.br` (the converter's element table has a `globalId` column), once per import.
 * A model whose metadata cannot be read counts as holding nothing (its components are then
 * reported unmatched, never dropped).
 */
export class ElementIndex {
  readonly #cache = new Map<string, readonly string[]>();

  constructor(
    private readonly storage: ObjectStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** GlobalId -> model id, over every ready model of the project. */
  async forProject(repos: TopicsRepositories, projectId: string): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    for (const model of await repos.topics.bcf.readyModels(projectId)) {
      if (!model.derived_prefix || !model.metadata_hash) continue;
      for (const id of await this.#globalIds(model.derived_prefix, model.metadata_hash)) {
        if (!owners.has(id)) owners.set(id, model.id);
      }
    }
    return owners;
  }

  /**
   * "Name (Type)" of the elements with the given GlobalIds in the given models (an issue
   * report's element names). Read fresh, not cached: a report needs the names once.
   */
  async names(
    repos: TopicsRepositories,
    projectId: string,
    modelIds: ReadonlySet<string>,
    globalIds: ReadonlySet<string>,
  ): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    if (globalIds.size === 0) return names;
    for (const model of await repos.topics.bcf.readyModels(projectId)) {
      if (!modelIds.has(model.id) || !model.derived_prefix) continue;
      const metadata = await this.#metadata(model.derived_prefix);
      const column = metadata?.elements?.globalId;
      if (!metadata || !Array.isArray(column)) continue;
      const strings = Array.isArray(metadata.strings) ? metadata.strings : [];
      const text = (index: unknown) =>
        typeof index === 'number' && typeof strings[index] === 'string' ? strings[index] : '';
      column.forEach((id, element) => {
        if (typeof id !== 'string' || !globalIds.has(id) || names.has(id)) return;
        const name = text(metadata.elements?.name?.[element]);
        const type = text(metadata.elements?.type?.[element]);
        const label = name && type ? `${name} (${type})` : name || type;
        if (label) names.set(id, label);
      });
    }
    return names;
  }

  /** A model's stored metadata, or null when it cannot be read (logged). */
  async #metadata(prefix: string): Promise<StoredMetadata | null> {
    try {
      const stream = await this.storage.get(`${prefix}metadata.json.br`);
      const compressed = Buffer.concat(await stream.toArray());
      return JSON.parse((await brotliAsync(compressed)).toString('utf8')) as StoredMetadata;
    } catch (error) {
      this.log.warn({ err: error, prefix }, 'could not read model metadata');
      return null;
    }
  }

  async #globalIds(prefix: string, hash: string): Promise<readonly string[]> {
    const cached = this.#cache.get(hash);
    if (cached) {
      this.#cache.delete(hash);
      this.#cache.set(hash, cached); // most recently used last
      return cached;
    }
    const metadata = await this.#metadata(prefix);
    if (!metadata) return [];
    const column = metadata.elements?.globalId;
    const ids = Array.isArray(column)
      ? column.filter((id): id is string => typeof id === 'string' && id !== '')
      : [];
    this.#cache.set(hash, ids);
    if (this.#cache.size > CACHED_MODELS) this.#cache.delete(this.#cache.keys().next().value!);
    return ids;
  }
}
