import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  JOB_TYPES,
  MAX_CONCURRENT_UPLOADS,
  UPLOAD_EXPIRY_HOURS,
  type Model,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadRow } from '../../db/schema.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { ModelEvents } from '../models/index.ts';
import type { ModelLimits } from '../models/index.ts';
import { modelKeys, type ModelsService } from '../models/index.ts';
import { assertCan, loadProjectAccess } from '../projects/index.ts';
import { ProjectNotFoundError } from '../projects/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import {
  MergeFailedError,
  TooManyUploadsError,
  UnsupportedFormatError,
  UploadNotFoundError,
} from './errors.ts';
import { detectComplete, detectFromHead } from './format-check.ts';
import type { UploadHashes } from './hashing.ts';
import type { UploadFiles } from './upload-files.ts';

export interface UploadsSettings {
  activeWindowSeconds: number;
}

export interface UploadsServiceDeps {
  data: DataAccess;
  storage: ObjectStorage;
  limits: ModelLimits;
  queue: JobQueue;
  events: ModelEvents;
  models: ModelsService;
  settings: UploadsSettings;
  /** Where tus keeps the bytes of unfinished uploads. */
  files: UploadFiles;
  /** The SHA-256 of each upload, computed while it streams in. */
  hashes: UploadHashes;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * A deferred (zip, glTF JSON) file is checked whole up to this size (it is read into memory on
 * the API process); a bigger one is left to the conversion, which reports an unsupported file.
 */
const MAX_COMPLETE_CHECK_BYTES = 64 * 1024 ** 2;
/** Upload bytes without an unfinished row are removed once this old (local folder). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;
const FINISHED_ROWS_KEPT_DAYS = 7;

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  return new Uint8Array(Buffer.concat(await stream.toArray()));
}

/**
 * Resumable uploads (tus): who may start one and how many, the format check on the first bytes,
 * and the hand-over of a complete file to storage, a model row and a conversion job.
 */
export class UploadsService {
  readonly #d: UploadsServiceDeps;

  constructor(deps: UploadsServiceDeps) {
    this.#d = deps;
  }

  /**
   * Starts an upload: the caller must be able to upload into the project (non-members get 404),
   * have fewer than 3 active uploads, and the owner's plan must have room for `size` bytes.
   */
  async begin(
    userId: string,
    input: { projectId: string; filename: string; modelName?: string | undefined; size: number },
  ): Promise<string> {
    const { data, limits, now, settings } = this.#d;
    const access = await loadProjectAccess(data.repos, input.projectId, userId);
    assertCan(access, 'model.upload', {}, () => new ProjectNotFoundError());
    const ownerId = access.project.owner_id;
    const allowance = await limits.allowance(ownerId);
    const id = randomUUID();
    await data.transaction(async (repos) => {
      // Serialise per account (both, in a fixed order): the checks below read, then insert.
      for (const lockId of [...new Set([userId, ownerId])].sort()) {
        await repos.uploads.lockUser(lockId);
      }
      const at = now();
      const active = await repos.uploads.countActive(
        userId,
        addSeconds(at, -settings.activeWindowSeconds),
      );
      if (active >= MAX_CONCURRENT_UPLOADS) throw new TooManyUploadsError();
      await limits.assertRoom(repos, allowance, input.projectId, input.size, 1);
      await repos.uploads.insert({
        id,
        userId,
        projectId: input.projectId,
        filename: input.filename,
        modelName: input.modelName ?? null,
        sizeBytes: input.size,
        now: at,
        expiresAt: addSeconds(at, UPLOAD_EXPIRY_HOURS * 3600),
      });
    });
    return id;
  }

  /** The caller's own upload; anything else is 404. Marks it active. */
  async authorize(userId: string, id: string): Promise<UploadRow> {
    const upload = await this.#d.data.repos.uploads.touchOwn(id, userId, this.#d.now());
    if (!upload) throw new UploadNotFoundError();
    return upload;
  }

  /** Abandons an upload whose tus creation failed. */
  async abandon(id: string): Promise<void> {
    await this.#d.data.repos.uploads.delete(id);
  }

  async needsHeadCheck(id: string): Promise<boolean> {
    const upload = await this.#d.data.repos.uploads.findById(id);
    return upload !== undefined && upload.status === 'uploading' && upload.format === null;
  }

  /**
   * Decides the format from the first bytes. Unsupported: the partial file and the row are
   * removed and UNSUPPORTED_FORMAT (415) is thrown, before anything is stored for good.
   */
  async checkHead(id: string, head: Uint8Array): Promise<void> {
    const upload = await this.#d.data.repos.uploads.findById(id);
    if (!upload) throw new UploadNotFoundError();
    const verdict = detectFromHead(head, Number(upload.size_bytes), upload.filename);
    if (verdict.kind === 'unsupported') {
      await this.#reject(id, verdict.reason);
      throw new UnsupportedFormatError(verdict.reason);
    }
    await this.#d.data.repos.uploads.setFormat(
      id,
      verdict.kind === 'deferred' ? `${verdict.format}?` : verdict.format,
    );
  }

  async #reject(id: string, reason: string): Promise<void> {
    this.#d.log.info({ upload: id, reason }, 'upload refused: unsupported format');
    await this.#removeFiles(id);
    await this.#d.data.repos.uploads.delete(id);
  }

  async #removeFiles(id: string): Promise<void> {
    this.#d.hashes.forget(id);
    await this.#d.files.remove(id);
  }

  /** Bytes received so far, or null when they are gone. */
  async receivedBytes(id: string): Promise<number | null> {
    return this.#d.files.received(id);
  }

  /**
   * The upload is complete: store the original, create the model (`queued`) and its conversion
   * job in one transaction. Idempotent (a retried finish returns the same model).
   */
  async finish(id: string): Promise<Model> {
    const { data, files, hashes, queue, events, now } = this.#d;
    const upload = await data.repos.uploads.findById(id);
    if (!upload) throw new UploadNotFoundError();
    if (upload.status === 'finished' && upload.model_id) {
      return this.#d.models.get(upload.user_id, upload.model_id);
    }
    const format = await this.#finalFormat(upload);
    let created: boolean;
    try {
      // Hashed while it streamed in; read again only when that hash was lost (see UploadHashes).
      const sha256 =
        hashes.digest(id, Number(upload.size_bytes)) ?? (await sha256Of(await files.read(id)));
      await files.keep(id, modelKeys.original(id));
      created = await data.transaction(async (repos) => {
        const row = await repos.uploads.lockById(id);
        if (!row || row.status === 'finished') return false;
        await repos.models.insert({
          id,
          projectId: row.project_id,
          name: row.model_name ?? row.filename,
          originalFilename: row.filename,
          sizeBytes: Number(row.size_bytes),
          format,
          createdBy: row.user_id,
          originalKey: modelKeys.original(id),
          originalSha256: sha256,
          now: now(),
        });
        await queue.enqueue(
          repos,
          JOB_TYPES.convertModel,
          {
            version: 1,
            modelId: id,
            projectId: row.project_id,
            storageKey: modelKeys.original(id),
            filename: row.filename,
          },
          { dedupeKey: `model.convert:${id}` },
        );
        await repos.uploads.markFinished(id, id, now());
        return true;
      });
    } catch (error) {
      throw new MergeFailedError(error);
    }
    await this.#removeFiles(id);
    if (created) {
      // Published before waking the runner, which moves the model on to `processing`.
      await events.publish({
        type: 'model.status',
        projectId: upload.project_id,
        data: { modelId: id, status: 'queued', progress: 0, stage: null, failure: null },
      });
      queue.notify();
    }
    return this.#d.models.get(upload.user_id, id);
  }

  /** Deferred formats are decided on the complete file (up to 64 MiB, else by conversion). */
  async #finalFormat(upload: UploadRow): Promise<string | null> {
    const size = Number(upload.size_bytes);
    if (size === 0) return null; // conversion reports the empty file
    if (upload.format && !upload.format.endsWith('?')) return upload.format;
    if (size > MAX_COMPLETE_CHECK_BYTES) return null;
    const bytes = await readAll(await this.#d.files.read(upload.id));
    const verdict = upload.format
      ? detectComplete(bytes, upload.filename)
      : detectFromHead(bytes.subarray(0, 64 * 1024), size, upload.filename);
    const final = verdict.kind === 'deferred' ? detectComplete(bytes, upload.filename) : verdict;
    if (final.kind === 'unsupported') {
      await this.#reject(upload.id, final.reason);
      throw new UnsupportedFormatError(final.reason);
    }
    return final.kind === 'format' ? final.format : null;
  }

  /** tus DELETE went through: forget the upload. */
  async cancelled(id: string): Promise<void> {
    await this.#d.data.repos.uploads.delete(id);
  }

  /**
   * Purges unfinished uploads past their 24 h, files in the upload folder that no unfinished
   * upload owns (older than an hour), and week-old bookkeeping rows.
   */
  async sweep(): Promise<{ expired: number; orphans: number }> {
    const { data, now, log } = this.#d;
    const expired = await data.repos.uploads.listExpired(now());
    for (const upload of expired) {
      await this.#removeFiles(upload.id);
      await data.repos.uploads.delete(upload.id);
    }
    const leftovers = await this.#d.files.leftovers(ORPHAN_AGE_MS);
    const live = await data.repos.uploads.existingUnfinished(leftovers);
    let orphans = 0;
    for (const id of leftovers) {
      if (live.has(id)) continue;
      await this.#removeFiles(id);
      orphans += 1;
    }
    await data.repos.uploads.deleteFinishedBefore(
      addSeconds(now(), -FINISHED_ROWS_KEPT_DAYS * 86400),
    );
    if (expired.length || orphans) log.info({ expired: expired.length, orphans }, 'uploads swept');
    return { expired: expired.length, orphans };
  }
}
