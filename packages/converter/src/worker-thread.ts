/**
 * A ready-made worker_threads entry around runConversionInWorker. The parent posts
 * { type: 'convert', request } and may post { type: 'cancel' }; the worker posts
 * { type: 'progress', stage, fraction } messages and finally { type: 'result', response } with
 * the output buffers transferred. Start it through the JS bootstrap, with a memory cap:
 *   new Worker(new URL('./worker-bootstrap.js', import.meta.url), {
 *     resourceLimits: { maxOldGenerationSizeMb: 4096 } })
 */
import { parentPort } from 'node:worker_threads';
import type { ConversionStage } from './importers/context.ts';
import { runConversionInWorker, transferList, type WorkerConversionRequest } from './worker.ts';

export type WorkerInbound =
  { type: 'convert'; request: WorkerConversionRequest } | { type: 'cancel' };

export type WorkerOutbound =
  | { type: 'progress'; stage: ConversionStage; fraction: number }
  | { type: 'result'; response: Awaited<ReturnType<typeof runConversionInWorker>> };

if (parentPort) {
  const port = parentPort;
  const controller = new AbortController();
  let lastReport = 0;
  port.on('message', (message: WorkerInbound) => {
    if (message.type === 'cancel') {
      controller.abort();
      return;
    }
    void runConversionInWorker(message.request, {
      signal: controller.signal,
      onProgress: (stage, fraction) => {
        // At most ~10 progress messages a second; stage starts and ends always go through.
        const now = Date.now();
        if (fraction > 0 && fraction < 1 && now - lastReport < 100) return;
        lastReport = now;
        port.postMessage({ type: 'progress', stage, fraction } satisfies WorkerOutbound);
      },
    }).then((response) => {
      port.postMessage(
        { type: 'result', response } satisfies WorkerOutbound,
        transferList(response),
      );
    });
  });
}
