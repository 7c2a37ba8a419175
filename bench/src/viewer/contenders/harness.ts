/**
 * The two contenders of the viewer bench, each opening its own pre-converted format from a local
 * page: xeokit (`.xkt` made by xeokit-convert's convert2xkt) and That Open (`.frag` made by its
 * IfcImporter). Converts the IFC files once (not timed), bundles both pages with esbuild and
 * serves them, That Open's worker from node_modules and the converted files, on 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as FRAGS from '@thatopen/fragments';
import { build } from 'esbuild';
import type { Cleanup } from '../../support/cleanup.ts';
import { startLocalServer } from '../local-server.ts';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

export type Contender = 'xeokit' | 'thatopen';

/** A package's version, from the package.json above its entry (some export no package.json). */
async function packageVersion(entry: string): Promise<string> {
  let dir = path.dirname(require.resolve(entry));
  for (;;) {
    const json = JSON.parse(
      await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => '{}'),
    ) as { name?: string; version?: string };
    if (json.name && json.version && entry.startsWith(json.name)) return json.version;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json for ${entry}`);
    dir = parent;
  }
}
export const contenderVersions = {
  xeokit: await packageVersion('@xeokit/xeokit-sdk'),
  xeokitConvert: await packageVersion('@xeokit/xeokit-convert/convert2xkt.js'),
  fragments: await packageVersion('@thatopen/fragments'),
};

const fragmentsWorker = path.join(
  path.dirname(require.resolve('@thatopen/fragments')),
  'Worker',
  'worker.mjs',
);

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    // The SDK's bundled Emscripten glue has Node-only branches (require('fs')) never taken here.
    external: ['fs', 'path'],
  });
  const js = result.outputFiles[0]?.text;
  if (!js) throw new Error(`esbuild produced no output for ${entry}`);
  return js;
}

/**
 * convert2xkt through its own command line (as its README shows), in a child process, killed
 * when `signal` aborts (the bench stopping: it takes minutes on the larger files).
 */
async function toXkt(ifc: string, out: string, signal?: AbortSignal): Promise<void> {
  const cli = require.resolve('@xeokit/xeokit-convert/convert2xkt.js');
  await run(process.execPath, [cli, '-s', ifc, '-o', out], {
    maxBuffer: 64 << 20,
    ...(signal ? { signal } : {}),
  });
  if ((await stat(out)).size === 0) throw new Error(`convert2xkt wrote nothing for ${ifc}`);
}

async function toFrag(ifc: string, out: string): Promise<void> {
  const importer = new FRAGS.IfcImporter();
  importer.wasm = { absolute: true, path: `${path.dirname(require.resolve('web-ifc'))}/` };
  const bytes = new Uint8Array(await readFile(ifc));
  await writeFile(out, await importer.process({ bytes, raw: false }));
}

/**
 * Conversions are kept in the temp folder by input and converter version: convert2xkt takes
 * minutes for the larger samples and the tower, and the bench is re-run often. Returns whether
 * the kept one was used.
 */
async function convertCached(
  file: string,
  out: string,
  ext: string,
  convert: (ifc: string, out: string, signal?: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<boolean> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(contenderVersions));
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const cacheDir = path.join(tmpdir(), 'truss-viewer-contenders-cache');
  const kept = path.join(cacheDir, `${hash.digest('hex').slice(0, 24)}${ext}`);
  if (existsSync(kept)) {
    await copyFile(kept, out);
    return true;
  }
  await convert(file, out, signal);
  await mkdir(cacheDir, { recursive: true });
  const scratch = `${kept}.${process.pid}`;
  await copyFile(out, scratch);
  await rename(scratch, kept);
  return false;
}

const PAGE = (script: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>contender</title>
<style>html,body{margin:0;overflow:hidden}</style></head>
<body><script type="module" src="/${script}"></script></body></html>`;

export interface ContenderHarness {
  /** The page opening `ifc`'s converted file in `contender`'s viewer, canvas w x h. */
  pageFor(contender: Contender, ifc: string, width: number, height: number): string;
  /** Bytes of the converted file. */
  bytes(contender: Contender, ifc: string): number;
  close(): Promise<void>;
}

export async function startContenders(
  files: string[],
  log: (line: string) => void,
  /** Whose signal kills a running converter's child process. */
  cleanup?: Cleanup,
  /** The contenders to convert for (xeokit's converter takes over 30 minutes on big towers). */
  only: readonly Contender[] = ['xeokit', 'thatopen'],
): Promise<ContenderHarness> {
  const dir = await mkdtemp(path.join(tmpdir(), 'truss-viewer-contenders-'));
  try {
    return await serveContenders(dir, files, log, cleanup?.signal, only);
  } catch (error) {
    // A converter failed (or was stopped): its folder goes too.
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function serveContenders(
  dir: string,
  files: string[],
  log: (line: string) => void,
  signal: AbortSignal | undefined,
  only: readonly Contender[],
): Promise<ContenderHarness> {
  const converted = new Map<string, { path: string; bytes: number }>();
  for (const file of files) {
    const base = path.basename(file, path.extname(file));
    for (const [contender, convert, ext] of [
      ['xeokit', toXkt, '.xkt'],
      ['thatopen', toFrag, '.frag'],
    ] as const) {
      if (!only.includes(contender)) continue;
      const out = path.join(dir, `${base}${ext}`);
      const started = Date.now();
      const cached = await convertCached(file, out, ext, convert, signal);
      const { size } = await stat(out);
      converted.set(`${contender}/${base}`, { path: out, bytes: size });
      const took = cached ? 'cached' : `in ${((Date.now() - started) / 1000).toFixed(1)} s`;
      log(`${path.basename(file)} -> ${ext}: ${(size / 1024).toFixed(0)} KiB ${took}`);
    }
  }
  const scripts = new Map([
    ['xeokit.js', await bundle('xeokit-page.ts')],
    ['thatopen.js', await bundle('thatopen-page.ts')],
  ]);
  const server = await startLocalServer((url) => {
    const [, first = '', ...rest] = url.pathname.split('/');
    if ((first === 'xeokit' || first === 'thatopen') && rest.join('/') === '') {
      return { html: PAGE(`${first}.js`) };
    }
    const js = scripts.get(first);
    if (js) return { js };
    if (url.pathname === '/libs/fragments/worker.mjs') return { file: fragmentsWorker };
    const model = first === 'models' ? converted.get(decodeURIComponent(rest.join('/'))) : null;
    return model ? { file: model.path } : undefined;
  });
  const base = server.url;
  const key = (contender: Contender, ifc: string) =>
    `${contender}/${path.basename(ifc, path.extname(ifc))}`;
  return {
    pageFor: (contender, ifc, width, height) =>
      `${base}/${contender}/?model=${encodeURIComponent(`/models/${key(contender, ifc)}`)}&w=${width}&h=${height}`,
    bytes: (contender, ifc) => converted.get(key(contender, ifc))?.bytes ?? Number.NaN,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
