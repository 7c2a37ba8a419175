/**
 * The federation feature's door: what other features may use of it (several models of a project in
 * one view). A file of another feature imports `features/federation` (this file), never a file
 * inside it (eslint.config.js, featureInternals). Named re-exports only, so a page takes the
 * modules it uses and no more.
 */
export { MAX_FEDERATED_MODELS, federatedViewPath } from './view-url';
