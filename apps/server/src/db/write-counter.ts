import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/**
 * Counts the writes this process has finished through Kysely: a statement outside a transaction
 * once it returns (committed), a transaction once it commits (`DataAccess.transaction` calls
 * `committed()`). The read cache compares the count with what its invalidations have caught up
 * with, so a read that follows a local write never answers from before it (modules/cache).
 */
export class WriteCounter implements KyselyPlugin {
  #seq = 0;
  readonly #pending = new WeakSet<object>();

  /** Writes finished so far. */
  get seq(): number {
    return this.#seq;
  }

  committed(): void {
    this.#seq += 1;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (WRITES.has(args.node.kind)) this.#pending.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#pending.has(args.queryId)) {
      this.#pending.delete(args.queryId);
      this.#seq += 1;
    }
    return args.result;
  }
}
