import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PlanNode } from './query-plan.ts';

export interface FoundElement {
  model_id: string;
  element_id: number;
  guid: string;
  type: string;
  name: string | null;
  storey: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const pattern = (text: string) => sql`'%' || lower(${escapeLike(text)}::text) || '%'`;
const TRUE = sql<boolean>`true`;
const FALSE = sql<boolean>`false`;
/** The negation of `=`: a missing value (NULL) counts as "not equal". */
const not = (predicate: RawBuilder<boolean>) => sql<boolean>`NOT coalesce(${predicate}, false)`;

function typeIn(classes: string[]) {
  return sql<boolean>`lower(e.type) IN (${sql.join(classes)})`;
}

function propertyValue(node: Extract<PlanNode, { kind: 'property' }>): RawBuilder<boolean> {
  const { op, text, num } = node;
  switch (op) {
    case 'exists':
      return TRUE;
    case '<':
      return sql<boolean>`p.num < ${num}`;
    case '>':
      return sql<boolean>`p.num > ${num}`;
    case 'contains':
      return sql<boolean>`lower(p.value) LIKE ${pattern(text!)}`;
    case '=':
    case '!=': {
      const equalText = sql<boolean>`lower(p.value) = lower(${text}::text)`;
      return num === null ? equalText : sql<boolean>`(p.num = ${num} OR ${equalText})`;
    }
  }
}

function compile(node: PlanNode): RawBuilder<boolean> {
  switch (node.kind) {
    case 'all':
    case 'any': {
      if (node.items.length === 0) return node.kind === 'all' ? TRUE : FALSE;
      const joiner = node.kind === 'all' ? sql` AND ` : sql` OR `;
      return sql<boolean>`(${sql.join(node.items.map(compile), joiner)})`;
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
      const has = sql<boolean>`EXISTS (SELECT 1 FROM element_properties p
        WHERE p.model_id = e.model_id AND p.element_id = e.element_id
          AND p.pset = ${node.pset} AND p.name = ${node.name} AND ${propertyValue(node)})`;
      const found = node.classes ? sql<boolean>`(${typeIn(node.classes)} AND ${has})` : has;
      return node.op === '!=' ? not(found) : found;
    }
  }
}

/** Runs property queries over the element index (the only SQL of queries). */
export class ElementQueryRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  #where(modelIds: readonly string[], plan: PlanNode) {
    return sql<boolean>`e.model_id IN (${sql.join(modelIds)}) AND ${compile(plan)}`;
  }

  /** Matching elements per model. */
  async countByModel(
    modelIds: readonly string[],
    plan: PlanNode,
  ): Promise<{ model_id: string; count: number }[]> {
    if (modelIds.length === 0) return [];
    const { rows } = await sql<{ model_id: string; count: number }>`
      SELECT e.model_id, count(*)::int AS count FROM elements e
      WHERE ${this.#where(modelIds, plan)} GROUP BY e.model_id`.execute(this.db);
    return rows.map((row) => ({ model_id: row.model_id, count: Number(row.count) }));
  }

  /** One page of matching elements, by model id then element id. */
  async find(
    modelIds: readonly string[],
    plan: PlanNode,
    page: { limit: number; offset: number },
  ): Promise<FoundElement[]> {
    if (modelIds.length === 0) return [];
    const { rows } = await sql<FoundElement>`
      SELECT e.model_id, e.element_id, e.guid, e.type, e.name, e.storey FROM elements e
      WHERE ${this.#where(modelIds, plan)}
      ORDER BY e.model_id, e.element_id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return rows;
  }
}
