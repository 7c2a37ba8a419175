/**
 * Plain-JS worker_threads entry: loads worker-thread.ts through tsx (this package ships .ts
 * source), so a server can start it without any loader flags. Use this file's URL in `new Worker`.
 */
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker-thread.ts', import.meta.url);
