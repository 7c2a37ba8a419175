import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogueParts } from './build/catalogue-parts';
import { TEXTS } from './build/texts';

export default defineProject({
  plugins: [react(), catalogueParts(TEXTS)],
  define: { __TRUSS_BUILD_ID__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
  },
});
