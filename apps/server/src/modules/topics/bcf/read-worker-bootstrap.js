/**
 * Plain-JS worker_threads entry of the BCF reader: loads read-worker.ts through tsx (the server
 * runs its TypeScript source), so the thread needs no loader flags. Use this file's URL in
 * `new Worker`.
 */
import { tsImport } from 'tsx/esm/api';

await tsImport('./read-worker.ts', import.meta.url);
