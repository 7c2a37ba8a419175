import { randomBytes } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { catalogueParts } from './build/catalogue-parts';
import { chunkGroups } from './build/chunk-groups';
import { inlineScripts } from './build/inline-scripts';
import { precompress } from './build/precompress';
import { productionBuild } from './build/production-build';
import { reactFreeStart } from './build/react-free-start';
import { routeModulePreload } from './build/route-modulepreload';
import { TEXTS } from './build/texts';

/**
 * One id per build: compiled into the app (`__TRUSS_BUILD_ID__`) and written to
 * `/build/latest.json`, which the running app polls to notice that a newer version is deployed.
 */
const buildId =
  process.env.TRUSS_BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

function latestBuildManifest(): Plugin {
  return {
    name: 'truss-latest-build',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build/latest.json',
        source: `${JSON.stringify({ id: buildId, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}

/**
 * Boot steps left out of a build, for `npm run bench:boot` only (`TRUSS_BOOT_OFF`, comma
 * separated): `inline` (model.html without its inline scripts: the early view asks for the model
 * and starts the preview itself), `early-view` (no model-page boot at all: the app opens the
 * model), `models-list` (no early list, outline or formatter warm-up on the models list).
 */
const BOOT_STEPS = ['inline', 'early-view', 'models-list'] as const;
const bootOff = new Set((process.env.TRUSS_BOOT_OFF ?? '').split(',').filter(Boolean));
for (const step of bootOff) {
  if (!(BOOT_STEPS as readonly string[]).includes(step)) {
    throw new Error(`TRUSS_BOOT_OFF: unknown step ${step} (${BOOT_STEPS.join(', ')})`);
  }
}

/** A model page: its early view's downloads come first (src/boot/model-page). */
const MODEL_PAGE = /^\/model\/[^/]+\/?$/;

/** Where /api goes in `vite` and `vite preview` (another port when several servers run). */
const apiTarget = process.env.TRUSS_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // NODE_ENV=development in the environment must not ship React's development build.
    productionBuild(),
    react(),
    tailwindcss(),
    latestBuildManifest(),
    // The locale files in parts by top-level key: the sign-in pages load only theirs.
    catalogueParts(TEXTS),
    // What main.tsx loads before the app (itself, the texts of the page's language, a model
    // page's early view and its engine) must not bring React: the build fails if it does.
    reactFreeStart([
      /^\0virtual:truss-texts\//,
      /[\\/]src[\\/]locales[\\/]contract-[\w-]+\.ts$/,
      // The early view's engine (bench:boot's build without it has no such chunk).
      ...(bootOff.has('early-view')
        ? []
        : [
            /[\\/]src[\\/]features[\\/]viewer[\\/]engine\.ts$/,
            // A drawing page's sheet engine.
            /[\\/]src[\\/]boot[\\/]drawing[\\/]early-engine\.ts$/,
          ]),
    ]),
    // .br and .gz beside every text asset, sent as they are by the server.
    precompress(),
    // The app and the viewer pages' chunks (three.js among them) load beside the entry, not
    // after it. On a model page the early view's engine first, the rest once the early view has
    // asked for the model's files (src/boot/model-page, main.tsx).
    routeModulePreload(
      [
        // A model page's engine once its first picture (inline in model.html, inlineScripts
        // below) has drawn: at once, three.js's download and compiling held up the preview, and
        // adding the links before the draw still took it 5-6 ms; left to the app's entry, it
        // waited until the entry ran. It downloads while the GPU renders the preview.
        ...(bootOff.has('early-view')
          ? []
          : [{ path: MODEL_PAGE, module: 'src/features/viewer/engine.ts', onPreview: true }]),
        // A drawing page's sheet engine, and pdf.js for a PDF, once its boot knows it shows one.
        ...(bootOff.has('early-view')
          ? []
          : [
              {
                path: MODEL_PAGE,
                module: 'src/boot/drawing/early-engine.ts',
                onDrawing: 'sheet' as const,
              },
              { path: MODEL_PAGE, module: 'pdfjs-dist/build/pdf.mjs', onDrawing: 'pdf' as const },
            ]),
        // The route's prefetch, which the guard imports on the model page only.
        { path: MODEL_PAGE, module: 'src/features/models/prefetch.ts', deferred: true },
        { path: /^\//, module: 'src/app/start.tsx', deferred: true },
        {
          path: MODEL_PAGE,
          module: 'src/features/models/components/ModelDetailPage.tsx',
          deferred: true,
        },
        { path: /^\/share\/[^/]+\/?$/, module: 'src/features/share/prefetch.ts' },
        { path: /^\/share\/[^/]+\/?$/, module: 'src/features/share/components/SharePage.tsx' },
        // The sign-in pages, where every visitor starts, with the app rather than after it.
        { path: /^\/signin\/?$/, module: 'src/features/auth/components/SignInPage.tsx' },
        { path: /^\/signup\/?$/, module: 'src/features/auth/components/SignUpPage.tsx' },
        // The models list, the page a signed-in user lands on: its frame and page with the app.
        { path: /^\/models\/?$/, module: 'src/app/layouts/DefaultLayout.tsx' },
        { path: /^\/models\/?$/, module: 'src/features/models/components/ModelsPage.tsx' },
        // Its loader's start from the boot's first list (features/models/prefetch.ts).
        { path: /^\/models\/?$/, module: 'src/features/models/prefetch.ts' },
        // What the guard loads before every signed-in page (app/guard.ts loadSessionData).
        { path: /^\/models\/?$/, module: 'src/features/settings/api.ts' },
        { path: /^\/models\/?$/, module: 'src/features/subscription/api.ts' },
        { path: /^\/models\/?$/, module: 'src/features/projects/api.ts' },
      ],
      { deferOn: MODEL_PAGE },
    ),
    // The boot's inline scripts, bundled from src/boot at build time: the models list's outline
    // drawn as the HTML is parsed (index.html); a model page's shell (model.html, sent for
    // /model/:id), first in <head>: a script that asks for the model's files, the preview's
    // module, and a script that makes the view's WebGL context and starts the preview: the model
    // is drawn as soon as its bytes are in.
    inlineScripts({
      bodyEnd: bootOff.has('models-list') ? null : 'src/boot/inline/models-outline.ts',
      modelPage:
        bootOff.has('inline') || bootOff.has('early-view')
          ? null
          : {
              fetch: 'src/boot/inline/model-fetch.ts',
              preview: 'src/boot/preview/early-preview.ts',
              start: 'src/boot/inline/preview-start.ts',
              drawingEngine: 'src/boot/drawing/early-engine.ts',
            },
    }),
  ],
  define: {
    __TRUSS_BUILD_ID__: JSON.stringify(buildId),
    __TRUSS_BOOT_EARLY_VIEW__: JSON.stringify(!bootOff.has('early-view')),
    __TRUSS_BOOT_MODELS_LIST__: JSON.stringify(!bootOff.has('models-list')),
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // A feature's door (features/<f>/index.ts) re-exports what other features may use: a page
      // that takes one name from it must not load the rest. The features' modules do nothing on
      // import but define their exports, so one whose exports go unused is left out; not so the
      // upload queue, which starts work when loaded (src/boot is not a feature).
      treeshake: {
        moduleSideEffects: [
          {
            test: /[\\/]src[\\/]features[\\/]models[\\/]uploads[\\/]store\.ts$/,
            sideEffects: true,
          },
          { test: /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Long-lived vendor chunks that change rarely, so app releases re-download little.
        codeSplitting: {
          groups: chunkGroups,
        },
      },
    },
  },
});
