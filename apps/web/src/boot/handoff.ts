/**
 * What the boot started before the app existed, handed to the app once: the first route loader
 * (app/guard.ts) takes it and seeds the query cache with its answers, and gives the model page
 * its early view. Nothing else of the app knows the boot: the HTTP client asks as usual for
 * whatever is not in the cache.
 */
import type { ModelSort, SortOrder } from '../features/models/early';
import type { EarlyView } from '../features/viewer/early';

/**
 * The session data the guard loads before a signed-in page (app/guard.ts loadSessionData); the
 * model page's early view asks for the profile and preferences only (the guard asks for the rest
 * behind the page).
 */
export interface BootSessionAnswers {
  profile: Promise<unknown>;
  preferences: Promise<unknown>;
  subscription?: Promise<unknown>;
  projects?: Promise<unknown>;
}

/** The current project's models (GET /api/project/{id}/models) in the stored sort. */
export interface BootModelList {
  projectId: string;
  sort: ModelSort;
  order: SortOrder;
  models: Promise<unknown>;
}

/** A drawing page's answers read before the app (boot/drawing). */
export interface BootDrawingAnswers {
  modelId: string;
  /** GET /api/models/{id}/sheets (rejects when it failed or the model is no drawing). */
  sheets: Promise<unknown>;
  /** GET /api/models/{id}, when the 3D early view did not ask (a drawing the browser knew). */
  model?: Promise<unknown>;
}

export interface BootHandoff {
  /** Asked for on the models list with the stored session. */
  session?: BootSessionAnswers;
  /** Known once the project list has named the project (null: no project, or it failed). */
  modelList?: Promise<BootModelList | null>;
  /**
   * A model page's early view (boot/model-page), for that model's page only: `claim` gives it
   * once, null once claimed or dropped (the page then makes its own).
   */
  modelPage?: { modelId: string; claim(): EarlyView | null };
  /** A drawing page's sheet list (and model), for that model's page only. */
  drawingPage?: BootDrawingAnswers;
}

/** Answers older than this are not used: the app asks again (a tab left to load in the back). */
export const BOOT_ANSWER_MAX_AGE_MS = 15_000;

let handed: { handoff: BootHandoff; at: number } | null = null;

/** Keeps what the boot started for the app (adding to what was handed over before). */
export function handOver(handoff: BootHandoff, now = Date.now()): void {
  const { drawingPage } = handoff;
  for (const answer of [
    ...Object.values(handoff.session ?? {}),
    handoff.modelList,
    drawingPage?.sheets,
    drawingPage?.model,
  ]) {
    // Observed, so an answer nobody takes does not end as an unhandled rejection.
    answer?.catch(() => undefined);
  }
  handed = { handoff: { ...handed?.handoff, ...handoff }, at: handed?.at ?? now };
}

/**
 * The boot's hand-off, taken once (a second call gets null). Its answers are left out once they
 * are older than BOOT_ANSWER_MAX_AGE_MS; an early view stays the model page's until it is dropped.
 */
export function takeBootHandoff(now = Date.now()): BootHandoff | null {
  const taken = handed;
  handed = null;
  if (!taken) return null;
  if (now - taken.at <= BOOT_ANSWER_MAX_AGE_MS) return taken.handoff;
  const { modelPage } = taken.handoff;
  return modelPage ? { modelPage } : {};
}
