import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

/**
 * Starts the shared server (see shared-server.ts) before the first test file and stops it after
 * the last. Two files run at a time against it: two conversions at once, as two servers did.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer({ WORKER_CONCURRENCY: '2' });
  project.provide('sharedServer', { url: server.url, dataDir: server.dataDir });
  return () => server.stop();
}
