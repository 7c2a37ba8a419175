/**
 * The saved-views feature's door: what other features may use of it (saved views of a model or of
 * several). A file of another feature imports `features/saved-views` (this file), never a file
 * inside it (eslint.config.js, featureInternals). Named re-exports only, so a page takes the
 * modules it uses and no more.
 */
export { SavedViewsButton } from './components/SavedViewsButton';
export { savedViewInUrl } from './link';
export { READ_ONLY, savedViewAbilities } from './permissions';
export type { SavedViewAbilities } from './permissions';
