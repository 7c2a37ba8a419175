import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PlanNode, PropertyTest } from './query-plan.ts';

export interface FoundElement {
  model_id: string;
  version_id: string;
  element_id: number;
  guid: string;
  type: string;
  name: string | null;
  storey: string | null;
}

type PropertyNode = Extract<PlanNode, { kind: 'property' }>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const pattern = (text: string) => sql`'%' || lower(${escapeLike(text)}::text) || '%'`;
const TRUE = sql<boolean>`true`;
const FALSE = sql<boolean>`false`;
/** The negation of `=`: a missing value (NULL) counts as "not equal". */
const not = (predicate: RawBuilder<boolean>) => sql<boolean>`NOT coalesce(${predicate}, false)`;

function typeIn(classes: string[]) {
  return sql<boolean>`lower(e.type) IN (${sql.join(classes)})`;
}

function propertyValue({ op, text, num }: PropertyTest): RawBuilder<boolean> {
  switch (op) {
    case 'exists':
      return TRUE;
    case '<':
      return sql<boolean>`p.num < ${num}`;
    case '>':
      return sql<boolean>`p.num > ${num}`;
    case 'contains':
      return sql<boolean>`p.value LIKE ${`%${escapeLike(text!.toLowerCase())}%`}`;
    case '=': {
      // Stored in lower case (element-rows.ts), lowered the same way (JavaScript's) here.
      const equalText = sql<boolean>`p.value = ${text!.toLowerCase()}`;
      return num === null ? equalText : sql<boolean>`(p.num = ${num} OR ${equalText})`;
    }
  }
}

/** The (version, element) ids whose value of the property passes every test. */
function propertyRows(node: PropertyNode, models: RawBuilder<unknown>) {
  const select = (tests: RawBuilder<boolean>[]) => sql`SELECT p.version_id, p.element_id
    FROM element_properties p
    WHERE p.version_id IN (${models}) AND p.pset = ${node.pset} AND p.name = ${node.name}
      AND ${sql.join(tests, sql` AND `)}`;
  const split = node.tests.findIndex((test) => test.op === '=' && test.num !== null);
  if (split < 0) return select(node.tests.map(propertyValue));
  // `= 30` matches the number 30 and the text '30': two reads of an index range, not one scan
  // of every value of the property filtered by an OR.
  const { num, text } = node.tests[split]!;
  const others = node.tests.filter((_, i) => i !== split).map(propertyValue);
  return sql`${select([sql<boolean>`p.num = ${num}`, ...others])}
    UNION ${select([sql<boolean>`p.value = ${text!.toLowerCase()}`, ...others])}`;
}

/** A property condition that is its own set of rows: not negated, not limited to classes. */
const isPlainProperty = (node: PlanNode): node is PropertyNode =>
  node.kind === 'property' && !node.negated && !node.classes;

/** Plain property conditions as one set of rows: the UNION of their index reads. */
function unionOf(nodes: PropertyNode[], models: RawBuilder<unknown>) {
  return sql.join(
    nodes.map((node) => propertyRows(node, models)),
    sql` UNION `,
  );
}

/**
 * When the whole query is plain property conditions joined by OR (or just one), the matching
 * (version, element) ids read from the property index alone: every property row is written with its
 * element (repository.ts `replace`), so counting them needs no visit of `elements`.
 */
function propertyOnly(node: PlanNode, models: RawBuilder<unknown>) {
  while ((node.kind === 'all' || node.kind === 'any') && node.items.length === 1) {
    node = node.items[0]!;
  }
  if (isPlainProperty(node)) return unionOf([node], models);
  if (node.kind === 'any' && node.items.every(isPlainProperty)) {
    return unionOf(node.items as PropertyNode[], models);
  }
  return null;
}

/**
 * Property conditions become `(version, element) IN (elements with that property value)`: the
 * planner reads the few matching property rows once through the (version, set, name, value) index
 * and hashes them, instead of probing once per element as a correlated EXISTS would.
 */
function compile(node: PlanNode, models: RawBuilder<unknown>): RawBuilder<boolean> {
  switch (node.kind) {
    case 'all':
    case 'any': {
      if (node.items.length === 0) return node.kind === 'all' ? TRUE : FALSE;
      const joiner = node.kind === 'all' ? sql` AND ` : sql` OR `;
      if (node.kind === 'any') {
        // `Mark = M-42 OR Tag = 100042`: one IN over the UNION of both index reads, where an OR
        // of two INs would test every element of the models against both.
        const plain = node.items.filter(isPlainProperty);
        if (plain.length > 1) {
          const rest = node.items.filter((item) => !isPlainProperty(item));
          const has = sql<boolean>`(e.version_id, e.element_id) IN (${unionOf(plain, models)})`;
          const items = [has, ...rest.map((item) => compile(item, models))];
          return sql<boolean>`(${sql.join(items, joiner)})`;
        }
      }
      const items = node.items.map((item) => compile(item, models));
      return sql<boolean>`(${sql.join(items, joiner)})`;
    }
    case 'type':
      if (node.op === 'exists') return TRUE;
      if (node.op === 'contains') return sql<boolean>`lower(e.type) LIKE ${pattern(node.text)}`;
      return node.op === 'in' ? typeIn(node.classes) : not(typeIn(node.classes));
    case 'text': {
      const column = sql.ref(`e.${node.column}`);
      switch (node.op) {
        case 'exists':
          return sql<boolean>`${column} IS NOT NULL`;
        case 'contains':
          return sql<boolean>`lower(${column}) LIKE ${pattern(node.text!)}`;
        case '=':
          return sql<boolean>`lower(${column}) = lower(${node.text}::text)`;
        default:
          return not(sql<boolean>`lower(${column}) = lower(${node.text}::text)`);
      }
    }
    case 'property': {
      const has = sql<boolean>`(e.version_id, e.element_id) IN (${propertyRows(node, models)})`;
      const found = node.classes ? sql<boolean>`(${typeIn(node.classes)} AND ${has})` : has;
      return node.negated ? not(found) : found;
    }
  }
}

/** Runs property queries over the element index (the only SQL of queries). */
export class ElementQueryRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  #where(versionIds: readonly string[], plan: PlanNode) {
    const versions = sql.join(versionIds);
    return sql<boolean>`e.version_id IN (${versions}) AND ${compile(plan, versions)}`;
  }

  /**
   * For the rest of the transaction: no JIT compilation (these queries are short; PostgreSQL's
   * cost estimate over a large index would otherwise start LLVM, which alone takes longer than
   * the query; PGlite has no JIT and accepts the setting) and more memory for hashing.
   */
  async tuneForQuery(): Promise<void> {
    await sql`SET LOCAL jit = off`.execute(this.db);
    // The ids a condition matches are hashed: enough memory keeps 100,000s of them off disk.
    await sql`SET LOCAL work_mem = '64MB'`.execute(this.db);
  }

  /** Matching elements per model version (the versions searched: each model's current one). */
  async countByVersion(
    versionIds: readonly string[],
    plan: PlanNode,
  ): Promise<{ version_id: string; count: number }[]> {
    if (versionIds.length === 0) return [];
    const ids = propertyOnly(plan, sql.join(versionIds));
    const { rows } = await (
      ids
        ? sql<{ version_id: string; count: number }>`
          SELECT r.version_id, count(DISTINCT r.element_id)::int AS count FROM (${ids}) r
          GROUP BY r.version_id`
        : sql<{ version_id: string; count: number }>`
          SELECT e.version_id, count(*)::int AS count FROM elements e
          WHERE ${this.#where(versionIds, plan)} GROUP BY e.version_id`
    ).execute(this.db);
    return rows.map((row) => ({ version_id: row.version_id, count: Number(row.count) }));
  }

  /** One page of matching elements of these model versions, by model id then element id. */
  async find(
    versionIds: readonly string[],
    plan: PlanNode,
    page: { limit: number; offset: number },
  ): Promise<FoundElement[]> {
    if (versionIds.length === 0) return [];
    const { rows } = await sql<FoundElement>`
      SELECT e.model_id, e.version_id, e.element_id, e.guid, e.type, e.name, e.storey
      FROM elements e
      WHERE ${this.#where(versionIds, plan)}
      ORDER BY e.model_id, e.element_id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return rows;
  }
}
