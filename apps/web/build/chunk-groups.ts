import { readFileSync } from 'node:fs';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

// The contracts' top-level modules: those that build schemas (they import zod) and those of
// plain values and rules, which a signed-in page's first render needs without loading zod. Its
// folders are apart: `texts` and `auth` (the sign-in pages' texts, locales and auth rules, which
// stay where those pages load them) and `live` (the event schemas).
const CONTRACT_MODULE = /packages[\\/]contracts[\\/]src[\\/][\w-]+\.ts$/;
/** By what the module is, not what it is named: it imports zod. */
const buildsSchemas = (id: string): boolean => /from 'zod'/.test(readFileSync(id, 'utf8'));

/*
 * The app's own chunks follow its folders (`chunk-groups.test.ts` fails on a rule that names a
 * file): a module that must load elsewhere than its folder's chunk moves to a folder that says
 * what it is. Whatever the folder, a module only reached through import() (a route's page, a
 * lazy dialog) stays out of these groups and loads when it is shown.
 *
 * - `src/boot`: what index.html's entry imports (the `boot` group, by the entry's imports).
 * - `src/app`, `src/lib`, `src/components`: the app's core, which every page loads, the sign-in
 *   pages too (`app-core`).
 * - `src/frame` (the signed-in pages' frame), `src/shared` (the UI kit and helpers the sign-in
 *   pages do without), and the top and `components/` folders of the signed-in pages' features:
 *   what the pages past sign-in share (`shared`). A feature's other folders (`models/uploads`,
 *   `subscription/plans`, `projects/dialogs`) load with the pages that show them.
 * - `src/events`, the other features: their pages' own chunks, split by what imports them.
 */
const APP_CORE = /apps[\\/]web[\\/]src[\\/](?:app|lib|components)[\\/]/;
const SHARED =
  /apps[\\/]web[\\/]src[\\/](?:shared[\\/]|frame[\\/]|features[\\/](?:projects|models|subscription|settings)[\\/](?:components[\\/])?[\w-]+\.tsx?$)/;

/** An entry, or the script an entry page loads (index.html's main.tsx). */
function isEntryScript(id: string, ctx: ChunkingContext): boolean {
  const info = ctx.getModuleInfo(id);
  return !info || info.isEntry || info.importers.some((i) => ctx.getModuleInfo(i)?.isEntry);
}

/** Only reached through import(): loaded when shown, so its own chunk whatever its folder. */
function loadedWhenShown(id: string, ctx: ChunkingContext): boolean {
  const info = ctx.getModuleInfo(id);
  return !info || info.importers.length === 0;
}

/**
 * The build's chunks (vite.config.ts, `build.rolldownOptions.output.codeSplitting.groups`):
 * long-lived vendor chunks by package, so app releases re-download little, and the app's own by
 * folder (`chunk-groups.test.ts` fails on a rule that names a file).
 */
export const chunkGroups: CodeSplittingGroup[] = [
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
    // Not the entry's own script (main.tsx, which index.html loads): the chunk the group's
    // modules are taken out of.
    name: (id: string, ctx: ChunkingContext) => (isEntryScript(id, ctx) ? null : 'boot'),
    debugName: 'boot',
    tags: ['$initial'],
    priority: 40,
  },
  // The app's core (APP_CORE above): one chunk instead of some thirty of a few hundred
  // bytes each, whose import lines compress badly and which each cost a request. With
  // what it imports (the icons and contracts it draws), but not what index.html's
  // entry loads (a model page's early view starts with that alone).
  {
    name: (id: string, ctx: ChunkingContext) => (loadedWhenShown(id, ctx) ? null : 'app-core'),
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
    test: /packages[\\/]contracts[\\/]src[\\/]live[\\/]/,
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
    test: (id: string) => CONTRACT_MODULE.test(id) && !buildsSchemas(id),
    includeDependenciesRecursively: false,
    priority: 3,
  },
  // The signed-in pages' small shared modules (SHARED above: the frame's parts, feature
  // APIs, badges, list controls): one chunk instead of some forty of 1-4 KiB, for the
  // same reason. Only the modules themselves (what they import stays in its own chunk).
  {
    name: (id: string, ctx: ChunkingContext) => (loadedWhenShown(id, ctx) ? null : 'shared'),
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
];
