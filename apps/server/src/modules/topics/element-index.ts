import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { TopicsRepositories } from './repositories.ts';
import type { ObjectStorage } from '../storage/index.ts';

const brotliAsync = promisify(brotliDecompress);

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

  async #globalIds(prefix: string, hash: string): Promise<readonly string[]> {
    const cached = this.#cache.get(hash);
    if (cached) {
      this.#cache.delete(hash);
      this.#cache.set(hash, cached); // most recently used last
      return cached;
    }
    let ids: string[] = [];
    try {
      const stream = await this.storage.get(`${prefix}metadata.json.br`);
      const compressed = Buffer.concat(await stream.toArray());
      const metadata = JSON.parse((await brotliAsync(compressed)).toString('utf8')) as {
        elements?: { globalId?: unknown };
      };
      const column = metadata.elements?.globalId;
      if (Array.isArray(column))
        ids = column.filter((id): id is string => typeof id === 'string' && id !== '');
    } catch (error) {
      this.log.warn({ err: error, prefix }, 'could not read model metadata for GlobalId matching');
      return [];
    }
    this.#cache.set(hash, ids);
    if (this.#cache.size > CACHED_MODELS) this.#cache.delete(this.#cache.keys().next().value!);
    return ids;
  }
}
