/**
 * The models list's data, asked for by the boot before the app starts: the profile and the rest
 * of the session data the app's guard loads, the project list and then the current project's
 * models (in the stored sort), whose first thumbnails start downloading too. The answers go to
 * the app in the boot's hand-off; the route loader seeds the query cache with them, and asks
 * the usual way for any that failed.
 *
 * Why: the list is the page a signed-in user lands on. Asked for by the app, its models came
 * after the app's code, then the profile, then the project list: three round trips in a row once
 * the code had run. Here they overlap with the code's download.
 */
import type { Model, Project } from '@truss/contracts';
import { storedListQuery } from '../../features/models/early';
import { pickCurrentProject } from '../../features/projects/early';
import type { BootHandoff, BootModelList } from '../handoff';
import type { BootSession } from '../page';
import { askEarly } from './ask-early';

/** Thumbnails asked for with the list: about what the first screen shows. */
export const EARLY_THUMBNAILS = 8;

/** Starts the models list's requests with `session`; what the app takes of them. */
export function startEarlyModelList(session: BootSession): BootHandoff {
  // What the guard loads before any signed-in page (app/guard.ts loadSessionData).
  const answers = {
    profile: askEarly(session, '/api/user/profile'),
    preferences: askEarly(session, '/api/user/preferences'),
    subscription: askEarly(session, '/api/user/subscription'),
    projects: askEarly(session, '/api/project'),
  };
  const modelList = answers.projects
    .then((projects): BootModelList | null => {
      // The project the page shows without a route id or a choice made in this tab.
      const project = pickCurrentProject(projects as Project[], undefined, null);
      if (!project) return null;
      const query = storedListQuery();
      const models = askEarly(session, `/api/project/${project.id}/models`, query);
      models.then((list) => preloadThumbnails(list as Model[])).catch(() => undefined);
      return { projectId: project.id, ...query, models };
    })
    .catch(() => null); // the app asks again and shows what went wrong
  return { session: answers, modelList };
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
