import './styles.css';
import { removeEarlyOutline } from './boot/outline/early-outline';
import { startBoot } from './boot/start';
import { requestTexts } from './lib/catalogue';
import { getLocale } from './lib/locale';
import { installChunkReloadGuard } from './lib/reload-guard';

installChunkReloadGuard();
// The texts of the page's language download beside the app, which renders once they are here:
// on the sign-in pages only the part they show (lib/routing.ts has the last word per route). Asked
// for with the app's files: on a model page that is once the early view has the model (before,
// their requests and evaluation would hold up the engine's and the model's), elsewhere at once.
let texts: Promise<unknown> | null = null;
const requestPageTexts = () =>
  (texts ??= requestTexts(
    getLocale(),
    /^\/(signin|signup)\/?$/.test(location.pathname) ? ['start'] : ['start', 'rest'],
  ));
// What pays before React (boot/start.ts): the models list's data and outline, a model page's early
// view. The app starts once a model page's early view has the whole model (or at a deadline; at
// once elsewhere): its start would otherwise hold the main thread that the model's frames need.
void startBoot(() => {
  requestPageTexts();
  // A task later: the texts' import() is asked for before the app's forty-odd preloads queue up.
  setTimeout(() => window.__trussPreloadDeferred?.(), 0);
})
  .then(() => Promise.all([requestPageTexts(), import('./app/start')]))
  .catch((error: unknown) => {
    // The guard above reloads for a missing file (a new deployment) at most once per 10 s.
    console.error('[app] failed to start', error);
    removeEarlyOutline();
    const root = document.getElementById('root');
    if (root && !root.hasChildNodes()) {
      root.textContent = 'Truss could not start. Reload the page. · Truss 无法启动，请刷新页面。';
    }
  });
