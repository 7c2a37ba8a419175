import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { catalogueParts } from './build/catalogue-parts';
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

// The contracts' modules: those that build schemas (they import zod) and those of plain values
// and rules, which a signed-in page's first render needs without loading zod.
const CONTRACT_MODULE = /packages[\\/]contracts[\\/]src[\\/][\w-]+\.ts$/;
const schemaModules = new Map<string, boolean>();
function buildsSchemas(id: string): boolean {
  let builds = schemaModules.get(id);
  if (builds === undefined) {
    builds = /from 'zod'/.test(readFileSync(id, 'utf8'));
    schemaModules.set(id, builds);
  }
  return builds;
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

/*
 * The app's own chunks follow its folders (`chunk-rules.test.ts` fails on a rule that names a
 * file): a module that must load elsewhere than its folder's chunk moves to a folder that says
 * what it is. Whatever the folder, a module only reached through import() (a route's page, a
 * lazy dialog) stays out of these groups and loads when it is shown.
 *
 * - `src/boot`: what index.html's entry imports (the `boot` group, by the entry's imports).
 * - `src/app`, `src/lib`, `src/components`: the app's core, which every page loads, the sign-in
 *   pages too (`app-core`).
 * - `src/shared`, and the top and `components/` folders of the signed-in pages' features: what
 *   the pages past sign-in share (`shared`). A feature's other folders (`models/uploads`,
 *   `subscription/plans`, `projects/dialogs`) load with the pages that show them.
 * - `src/events`, the other features: their pages' own chunks, split by what imports them.
 */
const APP_CORE = /apps[\\/]web[\\/]src[\\/](?:app|lib|components)[\\/]/;
const SHARED =
  /apps[\\/]web[\\/]src[\\/](?:shared[\\/]|features[\\/](?:projects|models|subscription|settings)[\\/](?:components[\\/])?[\w-]+\.tsx?$)/;

/** Only reached through import(): loaded when shown, so its own chunk whatever its folder. */
function loadedWhenShown(id: string, ctx: ChunkingContext): boolean {
  const info = ctx.getModuleInfo(id);
  return !info || info.importers.length === 0;
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
      ...(bootOff.has('early-view') ? [] : [/[\\/]src[\\/]features[\\/]viewer[\\/]engine\.ts$/]),
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
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            // Radix and what it brings, in one chunk for the pages that show menus, dialogs or
            // tooltips (the sign-in pages load none of it: route-budget.e2e.ts).
            {
              name: 'radix',
              test: /node_modules[\\/](@radix-ui|radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/,
              priority: 20,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            // Only the models pages upload: tus and its helpers load with them, not at start.
            {
              name: 'tus',
              test: /node_modules[\\/](tus-js-client|js-base64|url-parse|querystringify|requires-port|combine-errors|custom-error-instance|lodash\.[a-z]+|buffer-from|is-stream)[\\/]/,
              priority: 20,
            },
            // A model page's preview (no three.js): the model drawn while three.js downloads. By
            // folder: the boot's and the viewer package's preview, with what they import (the
            // meshopt decoder, the GL context and fit math, which the engine shares).
            {
              name: 'preview',
              test: /apps[\\/]web[\\/]src[\\/]boot[\\/]preview[\\/]|packages[\\/]viewer[\\/]src[\\/]preview[\\/]/,
              priority: 25,
            },
            // The 3D engine's libraries load with the model viewer, not with every page.
            {
              name: 'three',
              test: /node_modules[\\/](three|three-mesh-bvh|meshoptimizer)[\\/]/,
              priority: 20,
            },
            // What index.html's entry imports (the texts loader, the reload guard, a model page's
            // early view): one chunk, and kept out of the groups below, whose chunks would
            // otherwise load with the entry (React with them) before a model page's early view.
            {
              name: 'boot',
              tags: ['$initial'],
              test: (id: string) => !/[\\/]src[\\/]main\.tsx$|index\.html$/.test(id),
              priority: 40,
            },
            // The app's core (APP_CORE above): one chunk instead of some thirty of a few hundred
            // bytes each, whose import lines compress badly and which each cost a request. With
            // what it imports (the icons and contracts it draws), but not what index.html's
            // entry loads (a model page's early view starts with that alone).
            {
              name: (id: string, ctx: ChunkingContext) =>
                loadedWhenShown(id, ctx) ? null : 'app-core',
              debugName: 'app-core',
              test: APP_CORE,
              priority: 5,
            },
            // The icons the signed-in pages draw (the sign-in pages' are in app-core: src/components/sign-in-icons.ts): one
            // chunk of a few KiB instead of one request per icon. On HTTP/1.1 a page's requests
            // share six connections, so fifty icon chunks cost several round trips.
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              priority: 4,
            },
            // The live events' schemas, which a signed-in page's event stream checks as soon as
            // it opens: a few, apart from the rest, whose building would hold the main thread.
            {
              name: 'event-schemas',
              test: /packages[\\/]contracts[\\/]src[\\/](?:model-)?events\.ts$/,
              includeDependenciesRecursively: false,
              priority: 4,
            },
            // The contracts' schemas (with zod) for the signed-in pages' forms and checks: one
            // chunk, not one per contract module. No page's first render needs it.
            {
              name: 'contracts',
              test: (id: string) => CONTRACT_MODULE.test(id) && buildsSchemas(id),
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // Their plain values and rules (permissions, limits, paths) without zod, which a
            // signed-in page's first render uses. The sign-in pages' own (auth rules, messages,
            // locales) stay where those pages load them.
            {
              name: 'contract-rules',
              test: (id: string) =>
                CONTRACT_MODULE.test(id) &&
                !/(?:auth-rules|message[\w-]*|locale)\.ts$/.test(id) &&
                !buildsSchemas(id),
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // The signed-in pages' small shared modules (SHARED above: the frame's parts, feature
            // APIs, badges, list controls): one chunk instead of some forty of 1-4 KiB, for the
            // same reason. Only the modules themselves (what they import stays in its own chunk).
            {
              name: (id: string, ctx: ChunkingContext) =>
                loadedWhenShown(id, ctx) ? null : 'shared',
              debugName: 'shared',
              test: SHARED,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // The libraries every page starts with. Not every node_module: a catch-all group would
            // put page-only libraries (libphonenumber's metadata, the icons of the viewer) into the
            // chunk every route loads.
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack|i18next|react-i18next|ofetch|destr|ufo|clsx|use-sync-external-store|html-parse-stringify|void-elements)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
