/**
 * The models list's data, asked for by the entry before the app starts (main.tsx): on /models
 * with a valid stored session, the profile and the rest of the session data the app's guard
 * loads, the project list and then the current project's models (in the stored sort), whose
 * first thumbnails start downloading too. The app's HTTP client takes these answers
 * (lib/early-answers.ts); anything unexpected is left to the app, which asks as before.
 *
 * Why: the list is the page a signed-in user lands on. Asked for by the app, its models came
 * after the app's code, then the profile, then the project list: three round trips in a row once
 * the code had run. Here they overlap with the code's download.
 */
import type { Model, Project } from '@truss/contracts';
import { askEarly } from '../../../lib/early-answers';
import { readStoredToken } from '../../../lib/early-session';
import { pickCurrentProject } from '../../projects/early';
import { MODELS_LIST_PATH } from './list-path';
import { storedListQuery } from '../list-sort';

/** Thumbnails asked for with the list: about what the first screen shows. */
export const EARLY_THUMBNAILS = 8;

/**
 * Starts the early requests if this is the models list and the stored session is valid; says
 * whether it did.
 */
export function startEarlyModelList(): boolean {
  if (!MODELS_LIST_PATH.test(location.pathname)) return false;
  const session = readStoredToken();
  if (!session) return false;
  // What the guard loads before any signed-in page (app/guard.ts loadSessionData).
  askEarly(session, '/api/user/profile');
  askEarly(session, '/api/user/preferences');
  askEarly(session, '/api/user/subscription');
  void askEarly(session, '/api/project')
    .then((projects) => {
      // The project the page shows without a route id or a choice made in this tab.
      const project = pickCurrentProject(projects as Project[], undefined, null);
      if (!project) return;
      return askEarly(session, `/api/project/${project.id}/models`, storedListQuery()).then(
        (models) => preloadThumbnails(models as Model[]),
      );
    })
    .catch(() => undefined); // the app asks again and shows what went wrong
  return true;
}

/** The first thumbnails into the browser's cache, where the list's images find them. */
function preloadThumbnails(models: readonly Model[]): void {
  for (const model of models.slice(0, EARLY_THUMBNAILS)) {
    if (!model.thumbnail_url || model.deleted_at) continue;
    const image = new Image();
    image.decoding = 'async';
    image.src = model.thumbnail_url;
  }
}
