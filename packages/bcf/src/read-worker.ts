import { parentPort } from 'node:worker_threads';
import { BcfReadError } from './caps.ts';
import { readBcf } from './read.ts';

type ReadResult = ReturnType<typeof readBcf>;

/** What the thread answers for one file. */
export type ReadWorkerReply =
  | { type: 'result'; archive: ReadResult['archive']; problems: ReadResult['problems'] }
  | { type: 'refused'; kind: BcfReadError['kind']; message: string }
  | { type: 'failed'; message: string };

/** worker_threads side of BcfReader: reads each file it is posted, one at a time, and answers. */
parentPort?.on('message', (message: { bytes: Uint8Array }) => {
  let reply: ReadWorkerReply;
  try {
    reply = { type: 'result', ...readBcf(message.bytes) };
  } catch (error) {
    reply =
      error instanceof BcfReadError
        ? { type: 'refused', kind: error.kind, message: error.message }
        : { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
