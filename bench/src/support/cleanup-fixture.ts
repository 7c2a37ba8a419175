/**
 * A bench in miniature for cleanup.test.ts: starts a child process (standing in for the server
 * or Chromium), prints its pid, then fails (`throw`) or waits to be stopped by a signal (`wait`, or `starting`: while it starts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { stopChild, withCleanup } from './cleanup.ts';

const mode = process.argv[2];

/** A child that takes `ms` to start, as the server does before it is healthy. */
async function startChild(ms: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    stdio: 'ignore',
  });
  console.log(`child ${child.pid}`);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return child;
}

await withCleanup(async (cleanup) => {
  // `starting`: the signal comes while the child is still starting.
  await cleanup.start('child', startChild(mode === 'starting' ? 2_000 : 0), (child) =>
    stopChild(child),
  );
  if (mode === 'throw') throw new Error('a sample file is missing');
  await new Promise(() => undefined); // until a signal
});
