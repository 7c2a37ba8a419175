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
import type { UploadsRepositories } from './repositories.ts';
import type { JobQueue } from '../jobs/index.ts';
import { statusEvent, type ModelEvents } from '../models/index.ts';
import type { ModelLimits } from '../models/index.ts';
import {
  createModelVersion,
  createUploadedModel,
  findModel,
  ModelNotFoundError,
  modelKeys,
  type ModelsService,
} from '../models/index.ts';
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
import { userAccounts } from '../users/index.ts';

interface UploadsSettings {
  activeWindowSeconds: number;
}

interface UploadsServiceDeps {
  data: DataAccess<UploadsRepositories>;
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
   * With `modelId` it is a new version of that model: the caller must be able to edit the model
   * (`modelVersion.upload`), `projectId` (optional then) must be the model's, and it adds bytes
   * but no model.
   */
  async begin(
    userId: string,
    input: {
      projectId?: string | undefined;
      modelId?: string | undefined;
      filename: string;
      modelName?: string | undefined;
      message?: string | undefined;
      size: number;
    },
  ): Promise<string> {
    const { data, limits, now, settings } = this.#d;
    const target = input.modelId ? await this.#versionTarget(userId, input) : null;
    const projectId = target?.projectId ?? input.projectId;
    if (!projectId) throw new ProjectNotFoundError();
    const access = await loadProjectAccess(data.repos, projectId, userId);
    if (!target) assertCan(access, 'model.upload', {}, () => new ProjectNotFoundError());
    const ownerId = access.project.owner_id;
    const allowance = await limits.allowance(ownerId);
    const id = randomUUID();
    await data.transaction(async (repos) => {
      // Serialise per account (both, in a fixed order): the checks below read, then insert.
      for (const lockId of [...new Set([userId, ownerId])].sort()) {
        await userAccounts(repos).lock(lockId);
      }
      const at = now();
      const active = await repos.uploads.countActive(
        userId,
        addSeconds(at, -settings.activeWindowSeconds),
      );
      if (active >= MAX_CONCURRENT_UPLOADS) throw new TooManyUploadsError();
      await limits.assertRoom(repos, allowance, projectId, input.size, target ? 0 : 1);
      await repos.uploads.insert({
        id,
        userId,
        projectId,
        filename: input.filename,
        modelName: target ? null : (input.modelName ?? null),
        versionOf: target ? { modelId: target.modelId, message: input.message ?? '' } : null,
        sizeBytes: input.size,
        now: at,
        expiresAt: addSeconds(at, UPLOAD_EXPIRY_HOURS * 3600),
      });
    });
    return id;
  }

  /** The model a version upload goes to, if the caller may add a version to it (else 404/403). */
  async #versionTarget(
    userId: string,
    input: { projectId?: string | undefined; modelId?: string | undefined },
  ): Promise<{ modelId: string; projectId: string }> {
    const { repos } = this.#d.data;
    const model = await findModel(repos, input.modelId!);
    // A trashed model takes no new version; a project that is not the model's hides it.
    if (!model || model.deleted_at || (input.projectId && input.projectId !== model.project_id)) {
      throw new ModelNotFoundError();
    }
    const access = await loadProjectAccess(
      repos,
      model.project_id,
      userId,
      () => new ModelNotFoundError('not a member'),
    );
    assertCan(access, 'modelVersion.upload', { ownerId: model.created_by ?? undefined });
    return { modelId: model.id, projectId: model.project_id };
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
   * job in one transaction — or, for an upload of a new version, the model's next version and
   * its job (the model keeps showing its current version until the new one is ready).
   * Idempotent (a retried finish returns the same model).
   */
  async finish(id: string): Promise<Model> {
    const { data, files, hashes, queue, events, now } = this.#d;
    const upload = await data.repos.uploads.findById(id);
    if (!upload) throw new UploadNotFoundError();
    if (upload.status === 'finished' && upload.model_id) {
      return this.#d.models.get(upload.user_id, upload.model_id);
    }
    const format = await this.#finalFormat(upload);
    const modelId = upload.model_id ?? id;
    const key = modelKeys.versionOriginal(modelId, id);
    let created: boolean;
    try {
      // Hashed while it streamed in; read again only when that hash was lost (see UploadHashes).
      const sha256 =
        hashes.digest(id, Number(upload.size_bytes)) ?? (await sha256Of(await files.read(id)));
      await files.keep(id, key);
      created = await data.transaction(async (repos) => {
        const row = await repos.uploads.lockById(id);
        if (!row || row.status === 'finished') return false;
        const stored = {
          originalFilename: row.filename,
          sizeBytes: Number(row.size_bytes),
          format,
          createdBy: row.user_id,
          originalKey: key,
          originalSha256: sha256,
          now: now(),
        };
        if (row.model_id) {
          await createModelVersion(repos, {
            ...stored,
            id,
            modelId: row.model_id,
            message: row.version_message ?? '',
          });
        } else {
          await createUploadedModel(repos, {
            ...stored,
            id,
            projectId: row.project_id,
            name: row.model_name ?? row.filename,
          });
        }
        await queue.enqueue(
          repos,
          JOB_TYPES.convertModel,
          {
            version: 2,
            modelId,
            versionId: id,
            projectId: row.project_id,
            storageKey: key,
            filename: row.filename,
          },
          { dedupeKey: `model.convert:${id}` },
        );
        await repos.uploads.markFinished(id, modelId, now());
        return true;
      });
    } catch (error) {
      if (error instanceof ModelNotFoundError) {
        await this.#d.storage.delete(key);
        await this.#removeFiles(id);
        await data.repos.uploads.delete(id);
        throw error;
      }
      throw new MergeFailedError(error);
    }
    await this.#removeFiles(id);
    if (created) {
      // Published before waking the runner, which moves the version on to `processing`.
      if (upload.model_id) {
        // A new version: the model still shows its current one; members refetch its versions.
        const model = await findModel(data.repos, modelId);
        if (model) await events.publish(statusEvent(model, id));
      } else {
        await events.publish({
          type: 'model.status',
          projectId: upload.project_id,
          data: {
            modelId,
            versionId: id,
            status: 'queued',
            progress: 0,
            stage: null,
            failure: null,
          },
        });
      }
      queue.notify();
    }
    return this.#d.models.get(upload.user_id, modelId);
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
