import {
  TOPIC_FOCUS_MAX,
  type Topic,
  type TopicComment,
  type ViewpointSummary,
} from '@truss/contracts';
import type { TopicCommentRow, TopicRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type {
  CommentCursor,
  TopicViews,
  ViewpointMetaRow,
  ViewpointSummaryRow,
} from './repository.ts';

function snapshotPath(viewpointId: string): string {
  return `/api/viewpoints/${viewpointId}/snapshot`;
}

/** A snapshot URL's text around the viewpoint's id (for URLs the database writes). */
export function snapshotUrlParts(snapshotUrl = snapshotPath): { before: string; after: string } {
  const marker = '\u0000';
  const [before = '', after = ''] = snapshotUrl(marker).split(marker);
  return { before, after };
}

function toViewpointSummary(
  row: ViewpointSummaryRow,
  snapshotUrl = snapshotPath,
): ViewpointSummary {
  return {
    id: row.id,
    guid: row.guid,
    index: row.position,
    camera: row.camera,
    clippingPlanes: row.clipping_planes,
    counts: {
      selection: row.selection_count,
      exceptions: row.exception_count,
      colored: row.colored_count,
      lines: row.line_count,
      bitmaps: row.bitmap_count,
    },
    defaultVisibility: row.default_visibility,
    snapshot_type: row.snapshot_type,
    snapshot_url: row.snapshot_type ? snapshotUrl(row.id) : null,
    model_version_id: row.model_version_id,
  };
}

/** The views of viewpoints just written (in order), as the database would count them. */
export function viewsOf(rows: readonly ViewpointMetaRow[]): TopicViews {
  const first = rows[0];
  const focus = !first
    ? []
    : first.selection.length
      ? first.selection
      : first.visibility.defaultVisibility
        ? []
        : first.visibility.exceptions;
  return {
    viewpoints: rows.map((row) => ({
      id: row.id,
      topic_id: row.topic_id,
      model_version_id: row.model_version_id,
      guid: row.guid,
      position: row.position,
      camera: row.camera,
      clipping_planes: row.clipping_planes,
      snapshot_type: row.snapshot_type,
      default_visibility: row.visibility.defaultVisibility,
      selection_count: row.selection.length,
      exception_count: row.visibility.exceptions.length,
      colored_count: row.coloring.reduce((n, c) => n + c.components.length, 0),
      line_count: row.lines.length,
      bitmap_count: row.bitmaps.length,
    })),
    focus: focus.slice(0, TOPIC_FOCUS_MAX),
  };
}

const NO_VIEWS: TopicViews = { viewpoints: [], focus: [] };

export function toTopic(
  row: TopicRow,
  views: TopicViews | undefined,
  commentCount: number,
  snapshotUrl = snapshotPath,
): Topic {
  const { viewpoints, focus } = views ?? NO_VIEWS;
  return {
    id: row.id,
    project_id: row.project_id,
    model_id: row.model_id,
    model_version_id: row.model_version_id,
    guid: row.guid,
    number: row.number,
    kind: row.kind,
    title: row.title,
    description: row.description,
    type: row.type,
    status: row.status,
    priority: row.priority,
    labels: row.labels,
    assignee_id: row.assignee_id,
    assigned_to: row.assigned_to,
    due_date: row.due_date?.toISOString() ?? null,
    stage: row.stage,
    related_topics: row.related_guids,
    pin: row.pin,
    sheet_id: row.sheet_id,
    markup: row.markup
      ? {
          sheet_id: row.markup.sheetId,
          shapes: row.markup.shapes,
          aspect: row.markup.aspect ?? null,
        }
      : null,
    author: { user_id: row.author_id, name: row.author_name },
    mentions: row.mention_ids,
    comment_count: commentCount,
    viewpoints: viewpoints.map((vp) => toViewpointSummary(vp, snapshotUrl)),
    focus,
    created_at: row.created_at.toISOString(),
    modified_at: row.modified_at.toISOString(),
  };
}

export function toComment(row: TopicCommentRow): TopicComment {
  return {
    id: row.id,
    topic_id: row.topic_id,
    guid: row.guid,
    author: { user_id: row.author_id, name: row.author_name },
    text: row.text,
    mentions: row.mention_ids,
    viewpoint_id: row.viewpoint_id,
    edited: row.edited,
    created_at: row.created_at.toISOString(),
    modified_at: row.modified_at?.toISOString() ?? null,
  };
}

/** Groups rows by `topic_id`. */
export function byTopic<T extends { topic_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.topic_id) ?? [];
    list.push(row);
    map.set(row.topic_id, list);
  }
  return map;
}

/** A comment cursor as the API hands it out: `<microseconds>_<id>`. */
export function encodeCursor(cursor: CommentCursor | null): string | null {
  return cursor ? `${cursor.micros}_${cursor.id}` : null;
}

const CURSOR = /^(-?\d{1,19})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A cursor from a query string; a malformed one is a 400. */
export function decodeCursor(text: string | undefined): CommentCursor | undefined {
  if (text === undefined) return undefined;
  const match = CURSOR.exec(text);
  if (!match) throw new AppError('VALIDATION_ERROR', 400, { detail: 'comment cursor' });
  return { micros: match[1]!, id: match[2]!.toLowerCase() };
}
