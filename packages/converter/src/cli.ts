/**
 * truss-convert <input-file> <output-dir>: writes model.glb, metadata.json and thumbnail.png
 * (plain JSON for scripts; the server stores the same metadata gzip'd as metadata.json.gz).
 * Files next to the input that a model may reference (mtl, textures, bin) are passed along.
 * bin/truss-convert.js runs the built file (dist/truss-convert.js, see build.mjs).
 */
import { chunkFile } from '@truss/viewable';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { convertModel } from './convert.ts';

const COMPANION = /\.(mtl|png|jpe?g|tga|bmp|bin|gltf)$/i;
const MAX_COMPANION_BYTES = 256 * 1024 * 1024;

async function companionsOf(input: string): Promise<Map<string, Uint8Array>> {
  const companions = new Map<string, Uint8Array>();
  let total = 0;
  const folder = dirname(input);
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    if (path === input || !COMPANION.test(name)) continue;
    const info = await stat(path);
    if (!info.isFile() || total + info.size > MAX_COMPANION_BYTES) continue;
    total += info.size;
    companions.set(name, new Uint8Array(await readFile(path)));
  }
  return companions;
}

async function main(): Promise<number> {
  const [inputArg, outputArg] = process.argv.slice(2);
  if (!inputArg || !outputArg) {
    process.stderr.write('usage: truss-convert <input-file> <output-dir>\n');
    return 2;
  }
  const input = resolve(inputArg);
  const output = resolve(outputArg);
  const result = await convertModel({
    bytes: input,
    filename: basename(input),
    companions: await companionsOf(input),
  });
  await mkdir(output, { recursive: true });
  await writeFile(join(output, 'model.glb'), result.glb);
  if (result.chunks.length > 0) await mkdir(join(output, 'chunks'), { recursive: true });
  for (const [i, chunk] of result.chunks.entries())
    await writeFile(join(output, chunkFile(i + 1)), chunk);
  await writeFile(join(output, 'metadata.json'), JSON.stringify(result.metadata));
  await writeFile(join(output, 'thumbnail.png'), result.thumbnailPng);
  const { stats } = result;
  process.stdout.write(
    `${basename(input)}: ${result.metadata.format}, ${stats.elements} elements, ${stats.triangles} triangles, ` +
      `${stats.materials} materials, ${stats.drawBatches} draw batches, ${stats.instances} instances, ` +
      `${(stats.glbBytes / 1024).toFixed(1)} KiB glb, ${(stats.metadataBytes / 1024).toFixed(1)} KiB metadata, ` +
      `${stats.seconds.toFixed(2)} s\n`,
  );
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  const code =
    error && typeof error === 'object' && 'code' in error ? `${String(error.code)}: ` : '';
  process.stderr.write(
    `truss-convert: ${code}${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
