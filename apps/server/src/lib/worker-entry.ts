/** This module is TypeScript source (tsx, vitest) or part of the built server (dist/, build.mjs). */
const BUILT = !import.meta.url.endsWith('.ts');

/**
 * The file a worker thread starts from. The built server has each worker bundled beside it at the
 * top of dist/ as `<name>.js` (build.mjs; this code lands there too); from source, a thread
 * starts from a plain JS bootstrap that loads its TypeScript through tsx.
 */
export function workerEntry(builtName: string, sourceBootstrap: () => URL): URL {
  return BUILT ? new URL(`./${builtName}.js`, import.meta.url) : sourceBootstrap();
}
