import type { ModelStage } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DataAccess } from '../../repositories.ts';
import type { ModelsRepositories } from './repositories.ts';
import type { ModelEvents } from './events.ts';

/** Where each stage sits on the 0..100 bar (IFC has `geometry`; other formats skip it). */
const STAGE_SPANS: Record<ModelStage, [number, number]> = {
  download: [0, 5],
  detect: [5, 7],
  parse: [7, 45],
  geometry: [45, 70],
  optimize: [70, 85],
  write: [85, 92],
  thumbnail: [92, 96],
  store: [96, 99],
};

function overallProgress(stage: ModelStage, fraction: number): number {
  const [from, to] = STAGE_SPANS[stage];
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return Math.round(from + (to - from) * clamped);
}

const MIN_INTERVAL_MS = 500;

/**
 * Turns the converter's (stage, fraction) reports into the model's progress: stored and
 * published as `model.progress` on every stage change, otherwise at most every 500 ms and only
 * forward. One write at a time; a failed write is logged and the next report tries again.
 */
export class ProgressReporter {
  #last = -1;
  #lastStage: ModelStage | null = null;
  #lastAt = 0;
  #inFlight: Promise<void> | null = null;
  #pending: { stage: ModelStage; progress: number } | null = null;
  #stopped = false;

  constructor(
    private readonly deps: {
      modelId: string;
      /** The version being converted. */
      versionId: string;
      projectId: string;
      data: DataAccess<ModelsRepositories>;
      events: ModelEvents;
      log: FastifyBaseLogger;
    },
  ) {}

  report(stage: ModelStage, fraction: number): void {
    if (this.#stopped || !(stage in STAGE_SPANS)) return;
    const progress = overallProgress(stage, fraction);
    const stageChanged = stage !== this.#lastStage;
    if (!stageChanged && progress <= this.#last) return;
    if (!stageChanged && Date.now() - this.#lastAt < MIN_INTERVAL_MS) return;
    this.#last = Math.max(this.#last, progress);
    this.#lastStage = stage;
    this.#lastAt = Date.now();
    this.#pending = { stage, progress: this.#last };
    if (!this.#inFlight) this.#inFlight = this.#flush();
  }

  async #flush(): Promise<void> {
    while (this.#pending && !this.#stopped) {
      const { stage, progress } = this.#pending;
      this.#pending = null;
      try {
        const moved = await this.deps.data.repos.modelVersions.updateProgress(
          this.deps.versionId,
          progress,
          stage,
        );
        if (moved) {
          await this.deps.events.publish({
            type: 'model.progress',
            projectId: this.deps.projectId,
            data: { modelId: this.deps.modelId, versionId: this.deps.versionId, progress, stage },
          });
        }
      } catch (error) {
        this.deps.log.warn({ err: error, model: this.deps.modelId }, 'progress update failed');
      }
    }
    this.#inFlight = null;
  }

  /** No further writes; waits for the one in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#inFlight;
  }
}
