import { defineConfig } from 'vitest/config';

/** Browser tests: the built app served by the real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['src/support/csp-guard.ts'],
    // One server for the files that need no settings of their own (support/shared-server.ts).
    globalSetup: ['src/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two files at a time, each with its own server and Chromium: one at a time left a core
    // idle while a file waited (server start, conversions, polls) and took CI past 30 minutes.
    fileParallelism: true,
    maxWorkers: 2,
    // One retry for timing on a loaded 2-core machine; a test that fails twice fails CI.
    retry: 1,
  },
});
