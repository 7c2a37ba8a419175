/**
 * Which model pages are drawings (PDF, DXF, DWG), remembered in this browser so that model.html's
 * first script (inline/model-fetch.ts) does not ask a drawing for the 3D files it has not got
 * (each a 404 in the network log). The script runs before any answer says what the model is: the
 * app notes every drawing it meets (the models list, the model page) and the script reads the
 * note. A drawing this browser has never listed or opened is asked for once, as before.
 * No imports: this module is bundled into model.html.
 */
export const DRAWING_HINT_KEY = 'truss.drawings';
/** The ids kept (the newest): a few kilobytes at most. */
const KEPT = 200;

type HintStorage = Pick<Storage, 'getItem' | 'setItem'>;

function read(storage: HintStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(DRAWING_HINT_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The model `modelId` is a drawing this browser has seen. */
export function isKnownDrawing(modelId: string, storage: HintStorage): boolean {
  return read(storage).includes(modelId.toLowerCase());
}

/** Notes the drawings among `ids` (newest last; storage failures are ignored: only a hint). */
export function rememberDrawings(ids: readonly string[], storage: HintStorage): void {
  if (!ids.length) return;
  try {
    const fresh = ids.map((id) => id.toLowerCase());
    const kept = read(storage).filter((id) => !fresh.includes(id));
    storage.setItem(DRAWING_HINT_KEY, JSON.stringify([...kept, ...fresh].slice(-KEPT)));
  } catch {
    // Storage full or blocked: the page asks as before.
  }
}
