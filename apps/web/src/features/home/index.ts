/**
 * The home feature's door: what other features may use of it (the landing page). A file of another
 * feature imports `features/home` (this file), never a file inside it (eslint.config.js,
 * featureInternals). Named re-exports only, so a page takes the modules it uses and no more.
 */
// Nothing here is used by other features: they reach this one by its routes only.
export {};
