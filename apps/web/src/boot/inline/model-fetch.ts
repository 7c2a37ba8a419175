/**
 * model.html's first script, bundled from this module into the HTML at build time
 * (build/inline-scripts.ts): on a model page with a valid stored session it asks for the model's
 * viewable.glb at once, and the model and its metadata.json a task later, as soon as the HTML is
 * parsed: not after the entry's scripts have downloaded and run, and not one after the other (the
 * files' signed URLs come with the model's answer, but the file routes take the bearer token as
 * well). The early view (model-page/early-viewer.ts) takes them from `window.__trussEarlyFetch`.
 * It reads the page with the boot's one reading (page.ts), so it asks exactly when the early view
 * would.
 *
 * Every answer is read into memory as it arrives and handed over as `{answer, bytes}` (bytes null
 * when it failed): the page's code reads the bytes at once, where reading a Response again would
 * wait for tasks queued behind the engine's start. It comes before the preview's bundle (whose
 * WASM decoder alone takes some 7 ms to set up): the viewable's answer then comes early enough to
 * be handled before the page's stylesheet and entry module rather than after them.
 */
import { requestIdFrom } from '../../lib/request-id';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';
import { isKnownDrawing } from '../drawing-hint';
import { earlyDrawingFormat, startEarlyDrawing, startPdf } from '../drawing/early-sheet';
import { bootPage } from '../page';

try {
  const page = bootPage(
    window.location.pathname,
    window.localStorage.getItem(AUTH_STORAGE_KEY),
    window.document.cookie,
    Date.now(),
    window.location.search,
  );
  if (page?.kind === 'model') {
    // A fresh X-Request-Id per request, as every call of the app carries one (spec §7).
    const headers = () => ({
      Authorization: `Bearer ${page.session.token}`,
      'Accept-Language': page.session.locale,
      'X-Request-Id': requestIdFrom(window.crypto),
    });
    const read = (url: string): Promise<EarlyRead> => {
      const answer = window
        .fetch(url, { headers: headers(), priority: 'high' })
        .then((response): EarlyRead | Promise<EarlyRead> =>
          response.ok
            ? response.arrayBuffer().then((bytes) => ({ answer: response, bytes }))
            : { answer: response, bytes: null },
        );
      answer.catch(() => undefined);
      return answer;
    };
    const base = `/api/models/${page.modelId}`;
    const later = new Promise((resolve) => setTimeout(resolve, 0));
    if (isKnownDrawing(page.modelId, window.localStorage)) {
      // A drawing has no 3D files to ask for (drawing-hint.ts): its sheet list at once, its first
      // sheet as soon as the list is in (drawing/early-sheet.ts), the model a task later.
      window.__trussEarlyDrawing = {
        ...startEarlyDrawing(
          page.modelId,
          page.session.token,
          page.session.locale,
          read(`${base}/sheets`),
        ),
        model: later.then(() => read(base)),
      };
    } else {
      // The viewable at once: the preview draws it. The model and its metadata a task later: the
      // browser asks a host over six connections at most, and the preview needs neither.
      const glb = read(`${base}/viewable.glb`);
      const model = later.then(() => read(base));
      window.__trussEarlyFetch = {
        id: page.modelId,
        token: page.session.token,
        glb,
        model,
        metadata: later.then(() => read(`${base}/metadata.json`)),
      };
      // A drawing this browser has not met: its model's answer says so, and its sheets follow.
      window.__trussEarlyDrawing = startEarlyDrawing(
        page.modelId,
        page.session.token,
        page.session.locale,
        model.then(({ bytes }) => {
          const format = earlyDrawingFormat(bytes, page.modelId);
          if (!format) return null;
          const sheets = read(`${base}/sheets`);
          // pdf.js and its worker start while the sheet list comes.
          if (format === 'pdf') startPdf();
          return sheets;
        }),
      );
    }
  }
} catch {
  // Storage blocked or anything unexpected: the page is the app's, as without this script.
}
