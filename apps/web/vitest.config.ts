import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogueParts } from './build/catalogue-parts';
import { TEXTS } from './build/texts';

export default defineProject({
  plugins: [react(), catalogueParts(TEXTS)],
  define: {
    __TRUSS_BUILD_ID__: JSON.stringify('test'),
    __TRUSS_BOOT_EARLY_VIEW__: 'true',
    __TRUSS_BOOT_MODELS_LIST__: 'true',
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
  },
});
