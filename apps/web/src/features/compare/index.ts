/**
 * The compare feature's door: what other features may use of it (the comparison of two versions of
 * a model). A file of another feature imports `features/compare` (this file), never a file inside
 * it (eslint.config.js, featureInternals). Named re-exports only, so a page takes the modules it
 * uses and no more.
 */
export { CompareButton } from './components/CompareButton';
