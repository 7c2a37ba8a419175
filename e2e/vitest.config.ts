import { defineConfig } from 'vitest/config';

/** Browser tests: the built app served by the real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One Chromium and one server at a time: the machine has two cores.
    fileParallelism: false,
    // The two-person test has flaked twice in ~8 runs while B signed in from an invitation link
    // (never reproduced; a screenshot is kept). One retry keeps CI honest about real breakage.
    retry: 1,
  },
});
