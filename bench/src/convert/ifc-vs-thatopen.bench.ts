/**
 * IFC conversion, Truss vs That Open's IfcImporter (@thatopen/fragments), on every IFC sample,
 * in one process on the same machine. Both are warmed up first (web-ifc WASM start-up is paid
 * once per side). Output size = what the server stores: for Truss model.glb + metadata.json.gz
 * (the converter's `metadataGz`); for That Open the .frag buffer (zlib-compressed, `raw: false`).
 * "wire" = what a browser downloads when the server also gzips (-6) what is not compressed yet:
 * gzip(model.glb) + metadata.json.gz (served as is with Content-Encoding: gzip), gzip(.frag).
 *
 *   npm run bench:convert -w @truss/bench
 *
 * Targets (models issue): total time <= 0.8x theirs; total output <= 1.5x theirs and <= 10 % of
 * the IFC bytes. After the timed runs every Truss output is checked (exit code 1 on failure):
 * Khronos validator errors, products with geometry and storeys against web-ifc's own count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as FRAGS from '@thatopen/fragments';
import { convertModel, validateGlb, type ConversionResult } from '@truss/converter';
import * as WebIFC from 'web-ifc';

const samplesDir =
  process.env.TRUSS_SAMPLES_DIR ??
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/samples');
const ifcDir = join(samplesDir, 'ifc');

const importer = new FRAGS.IfcImporter();
importer.wasm = {
  absolute: true,
  path: `${dirname(fileURLToPath(import.meta.resolve('web-ifc')))}/`,
};

interface Side {
  seconds: number;
  bytes: number;
  wire: number;
}

async function truss(
  file: string,
  bytes: Uint8Array,
): Promise<Side & { result: ConversionResult }> {
  const started = performance.now();
  const result = await convertModel({ bytes, filename: file });
  const seconds = (performance.now() - started) / 1000;
  return {
    result,
    seconds,
    bytes: result.glb.byteLength + result.metadataGz.byteLength,
    wire: gzipSync(result.glb).byteLength + result.metadataGz.byteLength,
  };
}

async function thatOpen(bytes: Uint8Array): Promise<Side> {
  const started = performance.now();
  const output = await importer.process({ bytes, raw: false });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, bytes: output.byteLength, wire: gzipSync(output).byteLength };
}

// Untimed checks on every Truss output: Khronos validator, and web-ifc's own count of products
// with geometry and its storeys against the metadata.
const webIfc = new WebIFC.IfcAPI();
await webIfc.Init(undefined, true);
webIfc.SetLogLevel(WebIFC.LogLevel.LOG_LEVEL_OFF);
const checks: string[] = [];
async function check(name: string, bytes: Uint8Array, result: ConversionResult): Promise<void> {
  const validation = await validateGlb(result.glb);
  const modelId = webIfc.OpenModel(bytes);
  const meshed = new Set<number>();
  webIfc.StreamAllMeshes(modelId, (mesh) => {
    if (mesh.geometries.size() > 0) meshed.add(mesh.expressID);
  });
  const storeyIds = webIfc.GetLineIDsWithType(modelId, WebIFC.IFCBUILDINGSTOREY);
  const storeys: number[] = [];
  for (let i = 0; i < storeyIds.size(); i++) storeys.push(storeyIds.get(i));
  webIfc.CloseModel(modelId);
  const { elements } = result.metadata;
  const drawn = elements.triangles.filter((triangles) => triangles > 0).length;
  const ourStoreys = result.metadata.storeys.map((storey) => elements.expressId?.[storey.id]);
  const ok =
    validation.errors === 0 &&
    drawn === meshed.size &&
    JSON.stringify(ourStoreys) === JSON.stringify(storeys);
  checks.push(
    `${ok ? 'ok  ' : 'FAIL'} ${name}: validator ${validation.errors} errors / ${validation.warnings} warnings; elements with geometry ${drawn} (web-ifc ${meshed.size}); storeys ${ourStoreys.length} (web-ifc ${storeys.length})`,
  );
  if (!ok) process.exitCode = 1;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(0);
const files = readdirSync(ifcDir)
  .filter((name) => name.toLowerCase().endsWith('.ifc'))
  .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(ifcDir, name))) }))
  .sort((a, b) => a.bytes.byteLength - b.bytes.byteLength);

// Warm-up: WASM compilation and JIT on the smallest file, for both sides.
const warm = files[0];
if (!warm) throw new Error(`no IFC files in ${ifcDir}`);
await truss(warm.name, warm.bytes);
await thatOpen(warm.bytes);

console.log(
  '| file | IFC KiB | Truss s | That Open s | Truss KiB (glb+meta.gz) | That Open KiB | Truss wire KiB | That Open wire KiB |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const outputs: { name: string; bytes: Uint8Array; result: ConversionResult }[] = [];
const total = { ifc: 0, trussS: 0, thatS: 0, trussB: 0, thatB: 0, trussW: 0, thatW: 0 };
for (const { name, bytes } of files) {
  const ours = await truss(name, bytes);
  const theirs = await thatOpen(bytes);
  outputs.push({ name, bytes, result: ours.result });
  total.ifc += bytes.byteLength;
  total.trussS += ours.seconds;
  total.thatS += theirs.seconds;
  total.trussB += ours.bytes;
  total.thatB += theirs.bytes;
  total.trussW += ours.wire;
  total.thatW += theirs.wire;
  console.log(
    `| ${name} | ${kib(bytes.byteLength)} | ${ours.seconds.toFixed(2)} | ${theirs.seconds.toFixed(2)} | ${kib(ours.bytes)} | ${kib(theirs.bytes)} | ${kib(ours.wire)} | ${kib(theirs.wire)} |`,
  );
}
console.log(
  `| **total** | ${kib(total.ifc)} | ${total.trussS.toFixed(2)} | ${total.thatS.toFixed(2)} | ${kib(total.trussB)} | ${kib(total.thatB)} | ${kib(total.trussW)} | ${kib(total.thatW)} |`,
);
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
console.log(
  `\ntime ratio Truss/That Open: ${(total.trussS / total.thatS).toFixed(2)}x (target <= 0.8x)`,
);
console.log(
  `output ratio Truss/That Open: ${(total.trussB / total.thatB).toFixed(2)}x (target <= 1.5x); wire ${(total.trussW / total.thatW).toFixed(2)}x`,
);
console.log(`Truss output / IFC bytes: ${pct(total.trussB / total.ifc)} (target <= 10 %)`);
for (const { name, bytes, result } of outputs) await check(name, bytes, result);
console.log(`\nchecks (after the timed runs):\n${checks.join('\n')}`);
