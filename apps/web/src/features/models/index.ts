/**
 * The models feature's door: what other features may use of it (models, their versions and
 * uploads). A file of another feature imports `features/models` (this file), never a file inside
 * it (eslint.config.js, featureInternals). Named re-exports only, so a page takes the modules it
 * uses and no more.
 */
export { modelQuery } from './api';
export { useModelName } from './labels';
export { applyModelEvent, refreshModelsAfterReconnect } from './realtime';
export { useModelVersions } from './versions-api';
