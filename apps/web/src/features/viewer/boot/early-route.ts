/**
 * What the early viewer needs to know before the app exists, read without the app's modules (no
 * zod, no React): whether the page is a model page, the stored session, the language, and whether
 * the model is one to open early. Pure functions of their inputs, so they are unit-tested.
 */
import { storedToken, readStoredToken } from '../../../lib/early-session';

const MODEL_PATH = /^\/model\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

export interface EarlyModelRequest {
  modelId: string;
  token: string;
  locale: string;
}

/**
 * The model page's request if it can be made now: a model path and a stored token that is still
 * valid. Anything else (signed out, expired token, another page) is left to the app, which
 * refreshes tokens and redirects.
 */
export function earlyModelRequest(
  pathname: string,
  stored: string | null,
  cookie: string,
  now: number,
): EarlyModelRequest | null {
  const modelId = MODEL_PATH.exec(pathname)?.[1];
  if (!modelId) return null;
  const session = storedToken(stored, cookie, now);
  return session ? { modelId, ...session } : null;
}

export function readEarlyModelRequest(): EarlyModelRequest | null {
  const modelId = MODEL_PATH.exec(location.pathname)?.[1];
  const session = modelId ? readStoredToken() : null;
  return modelId && session ? { modelId, ...session } : null;
}

/** The part of a model (GET /api/models/{id}) the early viewer reads. */
export interface ViewableModel {
  id: string;
  status: string;
  viewable_url: string | null;
  metadata_url: string | null;
  deleted_at: string | null;
}

/**
 * A model the early viewer opens: ready, with a viewable, and not in the trash (whose banner
 * changes the page's layout; the app opens those).
 */
export function isEarlyViewable(value: unknown, id: string): value is ViewableModel {
  const model = value as Partial<ViewableModel> | null;
  return (
    !!model &&
    model.id === id &&
    model.status === 'ready' &&
    typeof model.viewable_url === 'string' &&
    !model.deleted_at
  );
}
