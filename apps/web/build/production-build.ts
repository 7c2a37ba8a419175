import type { Plugin } from 'vite';

/**
 * `vite build` always makes the production app. Vite takes the build's NODE_ENV from the
 * environment, so a shell (or a service unit) that exports NODE_ENV=development built React's
 * development bundle without a word (/signin: 195 KiB of JavaScript instead of 148, and slower).
 * The `vite` dev server is for development; a build is what gets served. Any other NODE_ENV is
 * replaced here, before Vite reads it, and said on stderr.
 */
export function productionBuild(warn: (line: string) => void = console.warn): Plugin {
  return {
    name: 'truss-production-build',
    apply: 'build',
    config() {
      const nodeEnv = process.env.NODE_ENV;
      if (nodeEnv === 'production') return;
      warn(
        `\n  NODE_ENV=${nodeEnv ?? ''} is set in the environment: the web app is built for production anyway` +
          ` (React's development build is larger and slower; run \`npm run dev -w @truss/web\` to develop).\n`,
      );
      process.env.NODE_ENV = 'production';
    },
  };
}
