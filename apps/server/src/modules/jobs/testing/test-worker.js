/**
 * A worker_threads entry for tests of the pool: it misbehaves on demand, the way a hostile
 * model file could make the converter misbehave.
 */
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', (message) => {
  switch (message.mode) {
    case 'exit':
      process.exit(3);
      break;
    case 'throw':
      throw new Error('boom');
    case 'oom': {
      const hoard = [];
      for (;;) hoard.push(new Array(1e5).fill({ a: Math.random() }));
    }
    case 'hang':
      setInterval(() => undefined, 1000);
      break;
    default:
      parentPort?.postMessage({ type: 'result', value: message.value, threadId: process.pid });
  }
});
