import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  Camera,
  ClippingPlane,
  Component,
  MarkupShape,
  TopicPin,
  TopicKind,
  ViewState,
  Visibility,
} from '@truss/contracts';

/** Tables of topics, comments and viewpoints (migration 0006); part of `Database` in schema.ts. */

type Timestamp = ColumnType<Date, Date, Date>;
/** jsonb: read as parsed JSON, written as a JSON string (identical on pg and PGlite). */
type Json<T> = ColumnType<T, string, string>;
type JsonDefault<T> = ColumnType<T, string | undefined, string>;
/** bytea: Buffer on pg, Uint8Array on PGlite. */
type Bytes = Uint8Array;

/**
 * BCF fields Truss does not show but keeps, so an export gives back what an import took in
 * (see @truss/bcf's model.ts for their meaning; modules/topics/bcf/import.ts maps them).
 */
export interface TopicBcfExtras {
  serverAssignedId?: string;
  index?: number;
  creationAuthor?: string;
  modifiedAuthor?: string;
  referenceLinks?: string[];
  bimSnippet?: {
    snippetType: string;
    isExternal: boolean;
    reference: string;
    referenceSchema: string;
  };
  documentReferences?: {
    guid: string;
    documentGuid?: string;
    url?: string;
    description?: string;
  }[];
  headerFiles?: {
    ifcProject?: string;
    ifcSpatialStructureElement?: string;
    isExternal?: boolean;
    filename?: string;
    date?: string;
    reference?: string;
  }[];
}

export interface TopicCountersTable {
  project_id: string;
  last_number: number;
}

export interface TopicTypesTable {
  project_id: string;
  name: string;
  created_at: Timestamp;
}

export interface TopicsTable {
  id: Generated<string>;
  project_id: string;
  model_id: string | null;
  /** The model version the topic was made on (migration 0023); null: unknown or deleted. */
  model_version_id: ColumnType<string | null, string | null | undefined, string | null>;
  guid: string;
  number: number;
  kind: TopicKind;
  title: string;
  description: Generated<string>;
  type: string;
  status: string;
  priority: string | null;
  labels: JsonDefault<string[]>;
  assignee_id: string | null;
  assigned_to: string | null;
  due_date: Timestamp | null;
  stage: string | null;
  related_guids: JsonDefault<string[]>;
  pin: Json<TopicPin | null>;
  /** Red-lines (migration 0035): their sheet (null: the 3D view) and shapes; null: none. */
  markup: ColumnType<
    /** `aspect`: 3D markup's view width / height (absent in rows saved before it was kept). */
    { sheetId: string | null; shapes: MarkupShape[]; aspect?: number } | null,
    string | undefined,
    string
  >;
  /** The sheet the topic is on: its sheet pin's, else its markup's (0035). */
  sheet_id: ColumnType<string | null, string | null | undefined, string | null>;
  author_id: string | null;
  author_name: string;
  mention_ids: JsonDefault<string[]>;
  share_id: string | null;
  visitor_key: string | null;
  bcf: JsonDefault<TopicBcfExtras>;
  created_at: Timestamp;
  modified_at: Timestamp;
  modified_by_name: string | null;
}

export interface TopicViewpointsTable {
  /** The model version the viewpoint was taken on (migration 0023); null: unknown. */
  model_version_id: ColumnType<string | null, string | null | undefined, string | null>;
  id: Generated<string>;
  topic_id: string;
  guid: string;
  position: number;
  camera: Json<Camera | null>;
  clipping_planes: JsonDefault<ClippingPlane[]>;
  lines: JsonDefault<ViewState['lines']>;
  bitmaps: JsonDefault<ViewState['bitmaps']>;
  selection: JsonDefault<Component[]>;
  visibility: Json<Visibility>;
  coloring: JsonDefault<ViewState['coloring']>;
  snapshot: Bytes | null;
  snapshot_type: 'png' | 'jpg' | null;
  bcf: JsonDefault<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface TopicCommentsTable {
  id: Generated<string>;
  topic_id: string;
  guid: string;
  author_id: string | null;
  author_name: string;
  text: string;
  mention_ids: JsonDefault<string[]>;
  viewpoint_id: string | null;
  edited: Generated<boolean>;
  share_id: string | null;
  visitor_key: string | null;
  created_at: Timestamp;
  modified_at: Timestamp | null;
  modified_by_name: string | null;
}

export interface TopicFilesTable {
  id: Generated<string>;
  topic_id: string;
  kind: 'document' | 'snippet';
  /** Document GUID (documents) or the archive path the snippet's Reference names. */
  ref: string;
  filename: string;
  description: string | null;
  bytes: Bytes;
}

/** A file attached to a topic or a comment (migration 0033); its bytes are in the storage. */
export interface TopicAttachmentsTable {
  id: Generated<string>;
  project_id: string;
  topic_id: string;
  comment_id: string | null;
  /** The BCF Document's GUID when exported (the reference's GUID is the row's id). */
  document_guid: Generated<string>;
  filename: string;
  content_type: string;
  /** bigint, read as a number on both drivers (database.ts). */
  size_bytes: ColumnType<number, number, number>;
  is_image: boolean;
  has_thumbnail: boolean;
  uploader_id: string | null;
  uploader_name: string;
  /** A share visitor's upload: the share and the visitor's key (migration 0034); else null. */
  share_id: ColumnType<string | null, string | null | undefined, string | null>;
  visitor_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** A pending or mailed topic notification (migration 0012). */
export type TopicNoticeKind = 'assigned' | 'mentioned' | 'reply' | 'status';

export interface TopicNoticesTable {
  id: Generated<string>;
  user_id: string;
  topic_id: string;
  kind: TopicNoticeKind;
  actor_name: string;
  status: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export type TopicRow = Selectable<TopicsTable>;
export type TopicViewpointRow = Selectable<TopicViewpointsTable>;
export type TopicCommentRow = Selectable<TopicCommentsTable>;
export type TopicFileRow = Selectable<TopicFilesTable>;
export type TopicNoticeRow = Selectable<TopicNoticesTable>;
export type TopicAttachmentRow = Selectable<TopicAttachmentsTable>;
