/**
 * Plain-JS worker_threads entry of the BCF reader: loads read-worker.ts through tsx (this
 * package ships .ts source), so the thread needs no loader flags. The built server bundles
 * read-worker.ts itself instead (apps/server/build.mjs). Use this file's URL in
 * `new Worker`.
 */
import { tsImport } from 'tsx/esm/api';

await tsImport('./read-worker.ts', import.meta.url);
