import { authStore } from './auth-store';
import { createHttp } from './http';
import { getLocale } from './locale';
import { currentFullPath, navigateTo } from './navigation';
import { queryClient } from './query-client';

/** The app's one HTTP client: bearer token, Accept-Language, X-Request-Id, refresh and retries. */
export const http = createHttp({
  store: authStore,
  getLocale,
  currentPath: currentFullPath,
  navigate: (to) => navigateTo(to),
  onSessionEnded: () => queryClient.clear(),
});
