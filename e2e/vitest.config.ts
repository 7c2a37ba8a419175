import { defineConfig } from 'vitest/config';

/** Browser tests: the built app served by the real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['src/support/csp-guard.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One Chromium and one server at a time: the machine has two cores.
    fileParallelism: false,
    // One retry for timing on a loaded 2-core machine; a test that fails twice fails CI.
    retry: 1,
  },
});
