// Bundles a Node.js program of this repository (TypeScript source) into plain ESM JavaScript with
// esbuild, and only when its output is missing or older than one of its sources.
//
// Why esbuild: the sources import each other with `.ts` extensions and the workspace packages
// (@truss/*) export TypeScript files, which Node cannot load; esbuild resolves both as `tsx` and
// Vite already do, strips the types without type-checking (`npm run check` runs tsc), and bundles
// a whole program in about a second, so `npm start` can always build first. tsc would need a
// build of every workspace package and a rewrite of their exports to emitted files; tsup is a
// wrapper around esbuild that adds nothing needed here. esbuild is already installed (tsx and
// Vite run on it).
//
// Packages from node_modules stay external: Node loads them at run time from the same
// node_modules the source uses, so WASM files (web-ifc, occt-import-js, rhino3dm, PGlite) and
// native addons (sharp, argon2) are found where their packages look for them. Only the @truss/*
// workspace packages are bundled. Dynamic imports become their own chunks (splitting), so lazily
// loaded parts (the converter's importers) stay lazy. Entries and chunks all sit at the top of the
// output folder, one level below the package like `src/`, so `new URL('..', import.meta.url)`
// still means the package folder wherever the code lands.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Written last into the output folder: what was built from which files. */
const STAMP = 'build-inputs.json';

/** Bare imports (packages, node: builtins) stay imports, except the workspace's own packages. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@truss/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * True when `outdir` holds a build of exactly these entry points and no source it was built from
 * (or the build scripts themselves) changed since.
 */
async function isFresh(outdir, entryPoints, configFiles) {
  let stamp;
  try {
    stamp = JSON.parse(await readFile(path.join(outdir, STAMP), 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return false;
    throw error;
  }
  if (typeof stamp.builtAt !== 'number') return false;
  if (JSON.stringify(stamp.entryPoints) !== JSON.stringify(entryPoints)) return false;
  for (const input of [...stamp.inputs, ...configFiles]) {
    try {
      if ((await stat(input)).mtimeMs > stamp.builtAt) return false;
    } catch (error) {
      if (error.code === 'ENOENT') return false;
      throw error;
    }
  }
  return true;
}

/** Every file under `dir` (relative paths). */
async function listFiles(dir, prefix = '') {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(path.join(dir, entry.name), relative)));
    else files.push(relative);
  }
  return files;
}

/** Writes a file through a temporary name, so a reader never sees half of it. */
async function writeAtomically(file, contents) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/**
 * Builds `entryPoints` ({ outputName: sourceFile }, paths relative to `root`) into `outdir`
 * unless it is up to date. `configFile` is the calling build script (a change to it rebuilds).
 * Two builds at once (parallel test files) write the same files, each one atomically.
 * Returns whether it built.
 */
export async function buildNode({ root, outdir, entryPoints, configFile, force = false }) {
  const absoluteOut = path.resolve(root, outdir);
  const configFiles = [fileURLToPath(import.meta.url), configFile];
  if (!force && (await isFresh(absoluteOut, entryPoints, configFiles))) return false;
  // A source saved while esbuild reads it is newer than this, so the next call builds again.
  const builtAt = Date.now();
  // Loaded only to build: a command that finds its build fresh starts without it.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.entries(entryPoints).map(([out, input]) => ({ out, in: input })),
    outdir: absoluteOut,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    plugins: [externalDependencies],
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  const written = new Set([STAMP]);
  for (const output of result.outputFiles) {
    await writeAtomically(output.path, output.contents);
    written.add(path.relative(absoluteOut, output.path));
  }
  // Chunks of an earlier build (their names carry content hashes) would pile up.
  for (const file of await listFiles(absoluteOut)) {
    if (!written.has(file) && !file.endsWith('.tmp')) await rm(path.join(absoluteOut, file));
  }
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input));
  await writeAtomically(
    path.join(absoluteOut, STAMP),
    `${JSON.stringify({ builtAt, entryPoints, inputs }, null, 1)}\n`,
  );
  return true;
}
