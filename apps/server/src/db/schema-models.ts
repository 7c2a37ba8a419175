import type { ColumnType, Generated, Selectable } from 'kysely';

/** Tables of models, uploads and jobs (migration 0003); part of `Database` in schema.ts. */

type Timestamp = ColumnType<Date, Date, Date>;
type CreatedAt = ColumnType<Date, Date | undefined, Date>;
/** bigint read as number (see database.ts). */
type BigInt = ColumnType<number, number | undefined, number>;
/** jsonb: read as parsed JSON, written as a JSON string (identical on pg and PGlite). */
type Json<T> = ColumnType<T, string, string>;

export type ModelStatusValue = 'uploading' | 'queued' | 'processing' | 'ready' | 'failed';

export interface ModelsTable {
  /** Equals the id of the upload it came from. */
  id: Generated<string>;
  project_id: string;
  name: string;
  /** Bytes of the uploaded original: what counts against the plan's storage. */
  size_bytes: BigInt;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** Set while in the trash. */
  deleted_at: Timestamp | null;
  original_filename: Generated<string>;
  format: string | null;
  status: Generated<ModelStatusValue>;
  progress: Generated<number>;
  stage: string | null;
  failure_code: string | null;
  failure_message: string | null;
  original_key: string | null;
  original_sha256: string | null;
  /** Storage prefix of the current viewable (attempt-specific, flipped atomically). */
  derived_prefix: string | null;
  viewable_hash: string | null;
  metadata_hash: string | null;
  thumbnail_hash: string | null;
  /** Bytes of the viewable, metadata (all encodings) and thumbnail. */
  derived_bytes: BigInt;
  converted_at: Timestamp | null;
  /**
   * The version the model shows (migration 0023); the columns above from `size_bytes` on are a
   * copy of that version's, written with it (ModelsRepository.syncCurrent).
   */
  current_version_id: string | null;
}

/** One upload of a model, converted on its own (migration 0023). */
export interface ModelVersionsTable {
  /** The upload's id; version 1 of a model made before versions has the model's id. */
  id: string;
  model_id: string;
  /** 1, 2, ... per model. */
  number: number;
  message: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  size_bytes: BigInt;
  original_filename: Generated<string>;
  format: string | null;
  status: Generated<ModelStatusValue>;
  progress: Generated<number>;
  stage: string | null;
  failure_code: string | null;
  failure_message: string | null;
  original_key: string | null;
  original_sha256: string | null;
  derived_prefix: string | null;
  viewable_hash: string | null;
  metadata_hash: string | null;
  thumbnail_hash: string | null;
  derived_bytes: BigInt;
  converted_at: Timestamp | null;
}

export interface UploadsTable {
  /** The tus upload id (and the id of the model it becomes). */
  id: string;
  user_id: string;
  project_id: string;
  filename: string;
  /** The model's name when not the file's (a browser-made bundle; migration 0009). */
  model_name: ColumnType<string | null, string | null | undefined, string | null>;
  size_bytes: BigInt;
  /** Detected from the first bytes; null until enough bytes arrived. */
  format: string | null;
  status: Generated<'uploading' | 'finished'>;
  /**
   * The model it became; set from the start for an upload of a new version of a model (the
   * version's id is the upload's).
   */
  model_id: string | null;
  /** The message of a new version (migration 0023). */
  version_message: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** Last request on the upload: only recently active uploads count as concurrent. */
  updated_at: Timestamp;
  expires_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A tus upload being written by one request of one instance (migration 0019). */
export interface UploadLocksTable {
  upload_id: string;
  holder: string;
  expires_at: Timestamp;
  release_requested: Generated<boolean>;
  /** The holder's process (its advisory lock key, migration 0029); null: lease only. */
  holder_session: number | null;
}

export type JobStatusValue = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobsTable {
  id: Generated<string>;
  type: string;
  payload: Json<Record<string, unknown>>;
  payload_version: number;
  status: Generated<JobStatusValue>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_by: string | null;
  lease_until: Timestamp | null;
  heartbeat_at: Timestamp | null;
  last_error: string | null;
  /** At most one queued/running job per key (e.g. one conversion per model). */
  dedupe_key: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export type ModelRow = Selectable<ModelsTable>;
export type ModelVersionRow = Selectable<ModelVersionsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type JobRow = Selectable<JobsTable>;
