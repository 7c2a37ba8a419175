/**
 * The run's shared server: started once by global-setup.ts, used by every test file that needs
 * the plain product (no settings of its own). A server start is about 7 s of CPU on two cores
 * (PGlite), and most files did nothing else with their own server: the suite spent two minutes
 * of its 30 starting servers. Files that pass settings or stop a server keep startServer(env).
 *
 * Files share its database: each test works in its own accounts (a unique address per file and
 * run) and their projects, and reads nothing global.
 */
import { inject } from 'vitest';
import type { RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedServer: SharedServer;
  }
}

/** A file does not stop the shared server: global-setup.ts does, after the run. */
export type SharedServer = Omit<RunningServer, 'stop'>;

export function sharedServer(): SharedServer {
  return inject('sharedServer');
}
