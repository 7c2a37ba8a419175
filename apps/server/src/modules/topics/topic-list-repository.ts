import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, TopicRow } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type TopicListRow = TopicRow & { comment_count: number };

export interface TopicFilter {
  kind?: 'comment' | 'issue';
  statuses?: string[];
  types?: string[];
  /** A user id, or null for "unassigned". */
  assigneeId?: string | null;
  label?: string;
  modelId?: string;
  /** Topics on this sheet (pinned on it, or marked up on it). */
  sheetId?: string;
  /** Topics of any of these models (the federated view). */
  modelIds?: string[];
  dueBefore?: Date;
  dueAfter?: Date;
  /** Only topics without a due date (a partial index serves the default order). */
  noDueDate?: boolean;
  search?: string;
  /** Only these GUIDs (BCF export of picked topics). */
  guids?: string[];
}

export interface TopicPage {
  sort: 'number' | 'created' | 'modified' | 'due' | 'priority' | 'title';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const SORT_COLUMNS = {
  number: 't.number',
  created: 't.created_at',
  modified: 't.modified_at',
  due: 't.due_date',
  title: 't.title',
} as const;

/** The topic list query: filters, search, sort and one page, with comment counts per row. */
export class TopicListRepository {
  constructor(private readonly db: Executor) {}

  async page(
    projectId: string,
    filter: TopicFilter,
    page: TopicPage,
  ): Promise<{ total: number; rows: TopicListRow[] }> {
    let query = this.db.selectFrom('topics as t').where('t.project_id', '=', projectId);
    if (filter.kind) query = query.where('t.kind', '=', filter.kind);
    if (filter.statuses?.length) query = query.where('t.status', 'in', filter.statuses);
    if (filter.types?.length) query = query.where('t.type', 'in', filter.types);
    if (filter.assigneeId !== undefined) {
      query =
        filter.assigneeId === null
          ? query.where('t.assignee_id', 'is', null)
          : query.where('t.assignee_id', '=', filter.assigneeId);
    }
    if (filter.label)
      query = query.where(sql<boolean>`t.labels @> ${JSON.stringify([filter.label])}::jsonb`);
    if (filter.modelId) query = query.where('t.model_id', '=', filter.modelId);
    if (filter.sheetId) query = query.where('t.sheet_id', '=', filter.sheetId);
    if (filter.modelIds?.length) query = query.where('t.model_id', 'in', filter.modelIds);
    if (filter.dueBefore) query = query.where('t.due_date', '<', filter.dueBefore);
    if (filter.dueAfter) query = query.where('t.due_date', '>=', filter.dueAfter);
    if (filter.noDueDate) query = query.where('t.due_date', 'is', null);
    if (filter.guids)
      query = query.where('t.guid', 'in', filter.guids.length ? filter.guids : ['']);
    if (filter.search) {
      const search = filter.search;
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // "#12" or "12" also finds topic 12; other text is matched by the trigram indexes alone
      // (a cast of the number in the OR would force a scan of the project).
      const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace(/^#/, '')) : null;
      query = query.where((eb) =>
        eb.or([
          eb('t.title', 'ilike', pattern),
          eb('t.description', 'ilike', pattern),
          ...(number === null ? [] : [eb('t.number', '=', number)]),
        ]),
      );
    }
    const direction = page.order;
    const count = () =>
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    // A search scans the project's text: one scan then gives the page and the number of matches.
    // Without one, the count is its own cheap query, so the page can be read off an index.
    const separateCount = filter.search ? null : await count();
    let ordered = query
      .selectAll('t')
      .select(
        sql<string | null>`${filter.search ? sql`count(*) over ()` : sql`NULL`}`.as(
          'total_matches',
        ),
      );
    if (page.sort === 'priority') {
      // Migration 0022 indexes this exact expression: keep the two in step.
      ordered = ordered.orderBy(
        sql`CASE t.priority WHEN 'Critical' THEN 4 WHEN 'High' THEN 3 WHEN 'Normal' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END`,
        direction,
      );
    } else {
      ordered = ordered.orderBy(
        sql.ref(SORT_COLUMNS[page.sort]),
        sql.raw(`${direction} NULLS LAST`),
      );
    }
    const rows = await ordered
      .orderBy('t.number', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    // A page past the end carries no count: ask for it.
    const total =
      separateCount?.n ?? rows[0]?.total_matches ?? (page.offset > 0 ? (await count()).n : 0);
    // Counted for the page only (a subquery in the select list ran for every skipped row too).
    const counts = await this.commentCounts(rows.map((row) => row.id));
    return {
      total: Number(total),
      rows: rows.map(({ total_matches: _total, ...row }) => ({
        ...row,
        comment_count: counts.get(row.id) ?? 0,
      })),
    };
  }

  async commentCounts(topicIds: readonly string[]): Promise<Map<string, number>> {
    if (topicIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('topic_comments')
      .select(['topic_id', sql<number>`count(*)::int`.as('n')])
      .where('topic_id', 'in', topicIds)
      .groupBy('topic_id')
      .execute();
    return new Map(rows.map((row) => [row.topic_id, Number(row.n)]));
  }
}
