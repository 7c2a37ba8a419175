import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import {
  convertJobVersionId,
  convertModelJobPayload,
  JOB_TYPES,
  type ConvertModelJobPayload,
  type ModelFailureCode,
  type ModelStage,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow, ModelStatusValue } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import { createModelsRepositories, type ModelsRepositories } from './repositories.ts';
import { JobFailure, type JobContext, type JobHandler } from '../jobs/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { statusEvent, type ModelEvents } from './events.ts';
import type { ConversionNotifier } from './notifier.ts';
import { ProgressReporter } from './progress.ts';
import { modelKeys } from './stored-files.ts';
import { modelFiles, sha256, sheetFiles, type ConversionOutcome } from './conversion-files.ts';

export type { ConversionOutcome } from './conversion-files.ts';

/** Runs one conversion in a memory-capped worker thread (the WorkerPool in production). */
export type ConvertFn = (
  request: { input: string; filename: string },
  options: { signal: AbortSignal; onProgress(stage: string, fraction: number): void },
) => Promise<ConversionOutcome>;

/** Told when a conversion stored a version's viewable (the element index). */
export interface ViewableListener {
  viewableStored(
    version: { modelId: string; versionId: string },
    metadataHash: string,
    metadataJson: Uint8Array,
  ): Promise<void>;
}

interface ConvertModelHandlerDeps {
  data: DataAccess<ModelsRepositories>;
  storage: ObjectStorage;
  events: ModelEvents;
  convert: ConvertFn;
  /** Mails the uploader once the conversion is finished (ready or failed for good). */
  notifier: ConversionNotifier;
  /** Filled by later modules once wired; each is told before the model turns ready. */
  viewableListeners: readonly ViewableListener[];
  /** Scratch folder for originals fetched from remote storage. */
  tempDir: string;
  now: Clock;
  log: FastifyBaseLogger;
}

/** Converter error codes -> the model's failure code; only unknown errors are retried. */
function conversionFailure(code: string, message: string): JobFailure {
  const map: Record<string, ModelFailureCode> = {
    UNSUPPORTED_FORMAT: 'UNSUPPORTED_FORMAT',
    EMPTY_FILE: 'EMPTY_FILE',
    MALFORMED_FILE: 'MALFORMED_FILE',
    NO_GEOMETRY: 'NO_GEOMETRY',
    DRAWING_DAMAGED: 'DRAWING_DAMAGED',
    NO_PAGES: 'NO_PAGES',
    NO_ENTITIES: 'NO_ENTITIES',
    TOO_LARGE: 'MODEL_TOO_LARGE',
  };
  return new JobFailure(map[code] ?? 'CONVERSION_FAILED', message, false);
}

/** A job failure code -> the code shown on the model. */
function modelFailureCode(code: string): ModelFailureCode {
  switch (code) {
    case 'TIMEOUT':
      return 'CONVERSION_TIMEOUT';
    case 'CONVERSION_OUT_OF_MEMORY':
    case 'UNSUPPORTED_FORMAT':
    case 'EMPTY_FILE':
    case 'MALFORMED_FILE':
    case 'NO_GEOMETRY':
    case 'DRAWING_DAMAGED':
    case 'NO_PAGES':
    case 'NO_ENTITIES':
    case 'MODEL_TOO_LARGE':
      return code;
    default:
      return 'CONVERSION_FAILED';
  }
}

/**
 * The `model.convert` job: fetch the original, convert it in a worker thread, store the
 * viewable under an attempt-specific prefix, then flip the model row to it in the transaction
 * that completes the job. A retried attempt (after a crash) writes elsewhere and the flip is
 * atomic, so a model always has exactly one viewable; stale prefixes are deleted after a flip.
 */
export class ConvertModelHandler implements JobHandler<ConvertModelJobPayload> {
  readonly type = JOB_TYPES.convertModel;
  readonly #d: ConvertModelHandlerDeps;

  constructor(deps: ConvertModelHandlerDeps) {
    this.#d = deps;
  }

  parse(payload: unknown): ConvertModelJobPayload {
    return convertModelJobPayload.parse(payload);
  }

  /**
   * Changes the status of a version; the model's row follows when it is the current
   * version. Returns the model's row, or undefined when the version is gone.
   */
  async #setStatus(
    versionId: string,
    change: {
      status: ModelStatusValue;
      progress?: number;
      stage: string | null;
      failure_code?: string | null;
      failure_message?: string | null;
    },
    now?: Date,
  ) {
    return this.#d.data.transaction(async (repos) => {
      const version = await repos.modelVersions.updateStatus(versionId, change, now);
      if (!version) return undefined;
      return repos.models.syncCurrent(version.model_id);
    });
  }

  async run(context: JobContext<ConvertModelJobPayload>): Promise<void> {
    const { data, storage, events } = this.#d;
    const { payload, signal } = context;
    const versionId = convertJobVersionId(payload);
    const started = await this.#setStatus(versionId, {
      status: 'processing',
      progress: 0,
      stage: 'download',
      failure_code: null,
      failure_message: null,
    });
    if (!started) return; // the version (or model) was deleted meanwhile: nothing to do
    await events.publish(statusEvent(started, versionId));
    const progress = new ProgressReporter({
      modelId: payload.modelId,
      versionId,
      projectId: started.project_id,
      data,
      events,
      log: this.#d.log,
    });

    const attemptTag = `${context.job.id.slice(0, 8)}-a${context.attempt}-${randomBytes(4).toString('hex')}`;
    const local = storage.localPath(payload.storageKey);
    const temp = path.join(this.#d.tempDir, `${attemptTag}.input`);
    let input = local;
    try {
      if (!input) {
        await mkdir(this.#d.tempDir, { recursive: true });
        await pipeline(await storage.get(payload.storageKey), createWriteStream(temp), { signal });
        input = temp;
      }
      progress.report('download', 1);
      const outcome = await this.#d.convert(
        { input, filename: payload.filename },
        { signal, onProgress: (stage, fraction) => progress.report(stage as ModelStage, fraction) },
      );
      if (!outcome.ok) throw conversionFailure(outcome.code, outcome.message);
      progress.report('store', 0);
      await this.#store(
        context,
        payload,
        outcome,
        `${modelKeys.versionDerivedRoot(payload.modelId, versionId)}${attemptTag}/`,
        progress,
      );
    } finally {
      await progress.stop();
      if (input === temp) await rm(temp, { force: true });
    }
  }

  async #store(
    context: JobContext<ConvertModelJobPayload>,
    payload: ConvertModelJobPayload,
    outcome: Extract<ConversionOutcome, { ok: true }>,
    prefix: string,
    progress: ProgressReporter,
  ): Promise<void> {
    const { storage, events, data, now } = this.#d;
    const stored = outcome.kind === 'sheets' ? sheetFiles(outcome) : await modelFiles(outcome);
    const { files, viewableHash, metadataHash, metadataJson } = stored;
    const thumbnail = new Uint8Array(outcome.thumbnailPng);
    try {
      for (const [name, bytes, contentType] of files) {
        context.signal.throwIfAborted();
        await storage.put(`${prefix}${name}`, bytes, { contentType });
      }
      progress.report('store', 1);
      await progress.stop(); // no progress write may land after the flip
      let versionGone = false;
      const versionId = convertJobVersionId(payload);
      await context.complete(async (scope) => {
        // The job's row and the version's flip commit together, in the runner's transaction.
        const repos = createModelsRepositories(scope.executor);
        const row = await repos.models.lockById(payload.modelId);
        const version = row ? await repos.modelVersions.findById(versionId) : undefined;
        if (!row || !version) {
          versionGone = true;
          return;
        }
        await repos.modelVersions.flipViewable(versionId, {
          derivedPrefix: prefix,
          format: outcome.format,
          viewableHash,
          metadataHash,
          thumbnailHash: sha256(thumbnail),
          derivedBytes: files.reduce((sum, [, bytes]) => sum + bytes.byteLength, 0),
          now: now(),
        });
        // A processed version becomes current when it is the newest ready one (a new upload
        // shows once ready); an older one converted again leaves the choice as it was.
        const newest = await repos.modelVersions.newestReady(payload.modelId);
        if (newest?.id === versionId && row.current_version_id !== versionId) {
          await repos.models.setCurrent(payload.modelId, versionId, now());
        } else {
          await repos.models.syncCurrent(payload.modelId);
        }
      });
      if (versionGone) {
        await storage.deletePrefix(modelKeys.versionDerivedRoot(payload.modelId, versionId));
        return;
      }
    } catch (error) {
      // Not flipped: this attempt's files are nobody's viewable.
      await storage.deletePrefix(prefix).catch((cleanup: unknown) => {
        this.#d.log.warn({ err: cleanup, prefix }, 'could not delete an unused viewable');
      });
      throw error;
    }
    const versionId = convertJobVersionId(payload);
    await this.#deleteStale(payload.modelId, versionId, prefix);
    // Listeners index a 3D viewable's metadata; a drawing has none.
    for (const listener of metadataJson && metadataHash ? this.#d.viewableListeners : []) {
      // A listener that fails is retried by its own means (the index: on the next query).
      await listener
        .viewableStored({ modelId: payload.modelId, versionId }, metadataHash!, metadataJson!)
        .catch((error: unknown) => {
          this.#d.log.warn({ err: error, model: payload.modelId }, 'a viewable listener failed');
        });
    }
    const ready = await data.repos.models.findById(payload.modelId);
    if (!ready) return;
    await events.publish(statusEvent(ready, versionId));
    // Only the worker whose `complete` committed the flip gets here: one mail per conversion.
    await this.#d.notifier.conversionFinished(ready.id, 'ready');
  }

  /** The version's viewables of earlier attempts (a crash between writing and flipping). */
  async #deleteStale(modelId: string, versionId: string, current: string): Promise<void> {
    const { storage, log } = this.#d;
    try {
      const keys = await storage.list(modelKeys.versionDerivedRoot(modelId, versionId));
      for (const key of keys) if (!key.startsWith(current)) await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, model: modelId }, 'could not delete stale viewables');
    }
  }

  async onRetry(payload: ConvertModelJobPayload): Promise<void> {
    const versionId = convertJobVersionId(payload);
    const row = await this.#setStatus(versionId, { status: 'queued', progress: 0, stage: null });
    if (row) await this.#d.events.publish(statusEvent(row, versionId));
  }

  async onFailed(
    payload: ConvertModelJobPayload | null,
    failure: JobFailure,
    job: JobRow,
  ): Promise<void> {
    const modelId =
      payload?.modelId ?? (typeof job.payload.modelId === 'string' ? job.payload.modelId : null);
    if (!modelId) return;
    const versionId = payload
      ? convertJobVersionId(payload)
      : typeof job.payload.versionId === 'string'
        ? job.payload.versionId
        : modelId;
    const row = await this.#setStatus(
      versionId,
      {
        status: 'failed',
        stage: null,
        failure_code: modelFailureCode(failure.code),
        failure_message: failure.message.slice(0, 1000),
      },
      this.#d.now(),
    );
    if (!row) return; // the version was deleted meanwhile
    await this.#d.events.publish(statusEvent(row, versionId));
    // The runner calls this once, when the job fails for good (never per retried attempt).
    await this.#d.notifier.conversionFinished(row.id, 'failed');
  }
}
