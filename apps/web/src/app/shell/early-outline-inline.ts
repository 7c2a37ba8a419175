/**
 * Built into one classic script at the end of index.html's <body> (build/early-outline-inline.ts):
 * on the models list with a valid stored session, the outline (early-outline.ts) is drawn while
 * the HTML is parsed, so the page's first frame has it, before any of the app's code has come.
 * The entry's own call (main.tsx) then finds it drawn; in `vite` dev it draws it itself.
 */
import { readStoredToken } from '../../lib/early-session';
import { MODELS_LIST_PATH } from '../../features/models/boot/list-path';
import { showEarlyOutline } from './early-outline';

if (MODELS_LIST_PATH.test(location.pathname)) {
  const session = readStoredToken();
  if (session) showEarlyOutline('models', session.locale);
}
