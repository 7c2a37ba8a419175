/**
 * The settings feature's door: what other features may use of it (account settings). A file of
 * another feature imports `features/settings` (this file), never a file inside it
 * (eslint.config.js, featureInternals). Named re-exports only, so a page takes the modules it
 * uses and no more.
 */
export { connectorsKey } from './api';
