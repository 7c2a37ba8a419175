/**
 * The share feature's door: what other features may use of it (shares of a model and the shared-
 * model page). A file of another feature imports `features/share` (this file), never a file inside
 * it (eslint.config.js, featureInternals). Named re-exports only, so a page takes the modules it
 * uses and no more.
 */
export { copyText } from './clipboard';
export { canShareModel } from './permissions';
