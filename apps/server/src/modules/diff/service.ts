import type { ModelDiff } from '@truss/contracts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import { readStoredMetadata } from '../elements/index.ts';
import {
  findModel,
  findModelVersion,
  ModelNotFoundError,
  VersionNotFoundError,
} from '../models/index.ts';
import { assertCan, loadProjectAccess } from '../projects/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { compareElementSets } from './compare.ts';
import { elementSet, type ElementSet } from './element-set.ts';
import { DiffVersionNotReadyError, VersionNotComparableError } from './errors.ts';

interface ModelDiffServiceDeps {
  data: DataAccess<DataScope>;
  storage: ObjectStorage;
}

interface VersionViewable {
  derived_prefix: string;
  metadata_hash: string;
}

/** Element sets kept in memory (by metadata hash): the last few versions compared. */
const CACHED_SETS = 4;

/**
 * Compares two versions of a model for the members of its project (`model.compare`). Each
 * version's element set is made from its stored metadata (one brotli read and parse) and kept
 * for the next comparisons; the comparison itself is one pass over both sets.
 */
export class ModelDiffService {
  readonly #d: ModelDiffServiceDeps;
  readonly #sets = new Map<string, Promise<ElementSet>>();

  constructor(deps: ModelDiffServiceDeps) {
    this.#d = deps;
  }

  async diff(userId: string, modelId: string, fromId: string, toId: string): Promise<ModelDiff> {
    const { repos } = this.#d.data;
    const model = await findModel(repos, modelId);
    if (!model || model.deleted_at) throw new ModelNotFoundError();
    const access = await loadProjectAccess(
      repos,
      model.project_id,
      userId,
      () => new ModelNotFoundError('not a member'),
    );
    assertCan(access, 'model.compare');
    const [from, to] = await Promise.all([
      this.#viewable(modelId, fromId),
      this.#viewable(modelId, toId),
    ]);
    const [a, b] = await Promise.all([this.#set(from), this.#set(to)]);
    return compareElementSets(a, b);
  }

  /** A ready version of this model (404 for another model's, 409 while it converts). */
  async #viewable(modelId: string, versionId: string): Promise<VersionViewable> {
    const version = await findModelVersion(this.#d.data.repos, versionId);
    if (!version || version.model_id !== modelId) throw new VersionNotFoundError();
    const { status, derived_prefix, metadata_hash } = version;
    if (status !== 'ready' || !derived_prefix || !metadata_hash) {
      throw new DiffVersionNotReadyError();
    }
    return { derived_prefix, metadata_hash };
  }

  #set(version: VersionViewable): Promise<ElementSet> {
    const key = version.metadata_hash;
    const cached = this.#sets.get(key);
    if (cached) {
      this.#sets.delete(key);
      this.#sets.set(key, cached);
      return cached;
    }
    const made = readStoredMetadata(this.#d.storage, version.derived_prefix).then((metadata) => {
      if (!metadata) throw new VersionNotComparableError();
      return elementSet(metadata);
    });
    made.catch(() => this.#sets.delete(key));
    this.#sets.set(key, made);
    while (this.#sets.size > CACHED_SETS) this.#sets.delete(this.#sets.keys().next().value!);
    return made;
  }
}
