import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { workerEntry } from '../../lib/worker-entry.ts';
import type { WorkerPool } from '../jobs/index.ts';
import type { ConversionOutcome, ConvertFn } from './convert-job.ts';

/**
 * The converter's worker_threads entry: dist/converter-worker.js in the built server, else the
 * converter's plain JS bootstrap that loads its TypeScript.
 */
export function converterWorkerScript(): URL {
  return workerEntry('converter-worker', () =>
    pathToFileURL(createRequire(import.meta.url).resolve('@truss/converter/worker-thread')),
  );
}

interface WorkerMessage {
  type?: string;
  stage?: string;
  fraction?: number;
  response?: ConversionOutcome;
}

/** Runs conversions on the pool, speaking the converter's convert/cancel/progress protocol. */
export function poolConverter(pool: WorkerPool): ConvertFn {
  return (request, { signal, onProgress }) =>
    pool.run<ConversionOutcome>({
      message: { type: 'convert', request },
      signal,
      onMessage: (raw) => {
        const message = raw as WorkerMessage;
        if (message.type === 'progress' && message.stage) {
          onProgress(message.stage, message.fraction ?? 0);
          return undefined;
        }
        if (message.type === 'result' && message.response) return message.response;
        return undefined;
      },
    });
}
