/**
 * Bundled into one classic script at the end of index.html's <body> (build/inline-scripts.ts):
 * on the models list with a valid stored session, the outline (outline/early-outline.ts) is
 * drawn while the HTML is parsed, so the page's first frame has it, before any of the app's code
 * has come. The boot's own call (boot/start.ts) then finds it drawn.
 */
import { showEarlyOutline } from '../outline/early-outline';
import { readPage } from '../page';

const page = readPage();
if (page?.kind === 'models-list') showEarlyOutline('models', page.session.locale);
