// The topic viewpoints' table: summaries counted in the database, components as JSON text,
// snapshots, and a topic's viewpoint writes.
import {
  TOPIC_FOCUS_MAX,
  type ClippingPlane,
  type Component,
  type ViewState,
} from '@truss/contracts';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, TopicViewpointRow, TopicViewpointsTable } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
type Camera = ViewState['camera'];

/** A viewpoint without its snapshot bytes nor its BCF extras (a viewpoint just written). */
export type ViewpointMetaRow = Omit<TopicViewpointRow, 'snapshot' | 'bcf'>;
const VIEWPOINT_META = [
  'id',
  'topic_id',
  'model_version_id',
  'guid',
  'position',
  'camera',
  'clipping_planes',
  'lines',
  'bitmaps',
  'selection',
  'visibility',
  'coloring',
  'snapshot_type',
  'created_at',
] as const;

/**
 * A viewpoint as a topic lists it: counted in the database, so a topic's read never carries
 * (nor parses) its component lists.
 */
export interface ViewpointSummaryRow {
  id: string;
  topic_id: string;
  model_version_id: string | null;
  guid: string;
  position: number;
  camera: Camera | null;
  clipping_planes: ClippingPlane[];
  snapshot_type: 'png' | 'jpg' | null;
  default_visibility: boolean;
  selection_count: number;
  exception_count: number;
  colored_count: number;
  line_count: number;
  bitmap_count: number;
}

/** A topic's viewpoint summaries and the elements its first viewpoint is about. */
export interface TopicViews {
  viewpoints: ViewpointSummaryRow[];
  focus: Component[];
}

export class TopicViewpointsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Each topic's viewpoint summaries (in order) and focus: the first viewpoint's selection, else
   * the components it shows when it hides everything else, at most TOPIC_FOCUS_MAX. Counted and
   * cut in SQL: up to 2 MiB of components a topic never come to the server.
   */
  async topicViews(topicIds: readonly string[]): Promise<Map<string, TopicViews>> {
    const views = new Map<string, TopicViews>(
      topicIds.map((id) => [id, { viewpoints: [], focus: [] }]),
    );
    if (topicIds.length === 0) return views;
    const length = (json: string) => sql<number>`coalesce(jsonb_array_length(${sql.raw(json)}), 0)`;
    const first = sql`${`$[0 to ${TOPIC_FOCUS_MAX - 1}]`}::jsonpath`;
    const [rows, focus] = await Promise.all([
      this.db
        .selectFrom('topic_viewpoints')
        .select([
          'id',
          'topic_id',
          'model_version_id',
          'guid',
          'position',
          'camera',
          'clipping_planes',
          'snapshot_type',
          sql<boolean>`coalesce((visibility->>'defaultVisibility')::boolean, true)`.as(
            'default_visibility',
          ),
          length('selection').as('selection_count'),
          length("visibility->'exceptions'").as('exception_count'),
          sql<number>`(select coalesce(sum(jsonb_array_length(c->'components')), 0)::int
            from jsonb_array_elements(coloring) c)`.as('colored_count'),
          length('lines').as('line_count'),
          length('bitmaps').as('bitmap_count'),
        ])
        .where('topic_id', 'in', topicIds)
        .orderBy('topic_id')
        .orderBy('position')
        .execute(),
      // The first viewpoint of each topic, then its first components: computed for that row
      // only (a DISTINCT ON's select list would be computed for every row before the pick).
      sql<{ topic_id: string; focus: Component[] }>`
        SELECT topic_id,
          CASE
            WHEN jsonb_array_length(selection) > 0 THEN jsonb_path_query_array(selection, ${first})
            WHEN (visibility->>'defaultVisibility')::boolean IS FALSE
              THEN jsonb_path_query_array(visibility->'exceptions', ${first})
            ELSE '[]'::jsonb
          END AS focus
        FROM (
          SELECT DISTINCT ON (topic_id) topic_id, selection, visibility
          FROM topic_viewpoints
          WHERE topic_id IN (${sql.join(topicIds.map((id) => sql`${id}::uuid`))})
          ORDER BY topic_id, position
        ) AS first_viewpoint`.execute(this.db),
    ]);
    for (const row of rows) views.get(row.topic_id)?.viewpoints.push(row);
    for (const row of focus.rows) {
      const view = views.get(row.topic_id);
      if (view) view.focus = row.focus;
    }
    return views;
  }
  /**
   * One viewpoint of a topic with all its components, as the API's JSON text (`Viewpoint`),
   * built by the database: up to 2 MiB
   * of components are never parsed, validated and serialised again in the server's thread (a
   * 50,000-component viewpoint took 280-760 ms of it on PGlite). `snapshotUrl` is the URL's
   * text before and after the viewpoint's id.
   */
  async viewpointJson(
    topicId: string,
    viewpointId: string,
    snapshotUrl: { before: string; after: string },
  ): Promise<string | undefined> {
    const row = await sql<{ json: string }>`
      SELECT json_build_object(
        'id', id, 'guid', guid, 'index', position, 'camera', camera,
        'clippingPlanes', clipping_planes, 'lines', lines, 'bitmaps', bitmaps,
        'selection', selection, 'visibility', visibility, 'coloring', coloring,
        'snapshot_type', snapshot_type,
        'snapshot_url', CASE WHEN snapshot_type IS NULL THEN NULL
          ELSE ${snapshotUrl.before} || id::text || ${snapshotUrl.after} END,
        'model_version_id', model_version_id
      )::text AS json
      FROM topic_viewpoints
      WHERE topic_id = ${topicId} AND id = ${viewpointId}`.execute(this.db);
    return row.rows[0]?.json;
  }
  /** How many viewpoints a topic has, and the position after its last. */
  async viewpointTally(topicId: string): Promise<{ count: number; next: number }> {
    const row = await this.db
      .selectFrom('topic_viewpoints')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<number>`coalesce(max(position) + 1, 0)::int`.as('next'),
      ])
      .where('topic_id', '=', topicId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), next: Number(row.next) };
  }
  /** Viewpoints with their snapshots (the BCF export). */
  async viewpointsWithSnapshots(topicIds: readonly string[]): Promise<TopicViewpointRow[]> {
    if (topicIds.length === 0) return [];
    return this.db
      .selectFrom('topic_viewpoints')
      .selectAll()
      .where('topic_id', 'in', topicIds)
      .orderBy('topic_id')
      .orderBy('position')
      .execute();
  }
  async insertViewpoint(values: Insertable<TopicViewpointsTable>): Promise<ViewpointMetaRow> {
    return this.db
      .insertInto('topic_viewpoints')
      .values(values)
      .returning(VIEWPOINT_META)
      .executeTakeFirstOrThrow();
  }
  async deleteViewpoints(topicId: string): Promise<void> {
    await this.db.deleteFrom('topic_viewpoints').where('topic_id', '=', topicId).execute();
  }
  async viewpointSnapshot(
    viewpointId: string,
  ): Promise<
    | { topic_id: string; snapshot: Uint8Array | null; snapshot_type: 'png' | 'jpg' | null }
    | undefined
  > {
    return this.db
      .selectFrom('topic_viewpoints')
      .select(['topic_id', 'snapshot', 'snapshot_type'])
      .where('id', '=', viewpointId)
      .executeTakeFirst();
  }
}
