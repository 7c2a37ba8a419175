/**
 * Version comparison (issue 18: a diff of two 50,000-element tower versions under 5 s).
 *
 * Two versions of the generated tower (tower-ifc.ts; the second with `revision`: every 50th
 * product a wall left out, a door moved 300 mm, a wall's Pset_WallCommon.Reference changed) are
 * converted by the real converter and stored as the server stores a viewable (brotli metadata in
 * a local object store). Then the server's comparison is timed cold, as a request finds it when
 * neither version was compared before: both metadata files read and parsed, both element sets
 * made, the two compared (readStoredMetadata + elementSet + compareElementSets, what
 * ModelDiffService does), and again warm (element sets cached). The result must list exactly
 * the tower's edits: float noise counted as a change fails the bench.
 *
 *   npm run bench:diff -w @truss/bench
 *   BENCH_DIFF_ELEMENTS=50000   elements per version (250 per storey);  BENCH_DIFF_RUNS=5
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { convertModel } from '@truss/converter';
import { VIEWABLE_FILES } from '@truss/viewable';
import { compareElementSets, elementSet } from '../../../apps/server/src/modules/diff/index.ts';
import { readStoredMetadata } from '../../../apps/server/src/modules/elements/index.ts';
import { LocalStorage } from '../../../apps/server/src/modules/storage/index.ts';
import { writeTowerIfc, type TowerFile } from '../convert/tower-ifc.ts';
import { summarize } from '../stats.ts';

const ELEMENTS = Number(process.env.BENCH_DIFF_ELEMENTS ?? 50_000);
const RUNS = Number(process.env.BENCH_DIFF_RUNS ?? 5);
const PER_STOREY = 250;
const TARGET_S = 5;
const brotli = promisify(brotliCompress);

const dir = await mkdtemp(join(tmpdir(), 'truss-diff-bench-'));
const storage = new LocalStorage(join(dir, 'storage'));
try {
  const storeys = Math.max(1, Math.round(ELEMENTS / PER_STOREY));
  const versions: { prefix: string; tower: TowerFile }[] = [];
  for (const [index, revision] of [undefined, { every: 50 }].entries()) {
    const path = join(dir, `tower-v${index + 1}.ifc`);
    const tower = await writeTowerIfc(path, { storeys, perStorey: PER_STOREY, revision });
    const started = performance.now();
    const result = await convertModel({ bytes: path, filename: 'tower.ifc' });
    const json = Buffer.from(JSON.stringify(result.metadata));
    const prefix = `derived/v${index + 1}/`;
    const stored = await brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    await storage.put(`${prefix}${VIEWABLE_FILES.metadata.name}`, new Uint8Array(stored));
    console.log(
      `version ${index + 1}: ${result.metadata.elements.count} elements, ${result.stats.triangles} triangles, converted in ${((performance.now() - started) / 1000).toFixed(1)} s, metadata ${(json.length / 2 ** 20).toFixed(1)} MiB JSON / ${(stored.length / 2 ** 20).toFixed(1)} MiB stored`,
    );
    versions.push({ prefix, tower });
  }

  const compare = async () => {
    const [a, b] = await Promise.all(
      versions.map(async ({ prefix }) => elementSet((await readStoredMetadata(storage, prefix))!)),
    );
    return { a: a!, b: b!, diff: compareElementSets(a!, b!) };
  };
  const cold: number[] = [];
  const warm: number[] = [];
  let last: Awaited<ReturnType<typeof compare>> | null = null;
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    last = await compare();
    cold.push(performance.now() - started);
    started = performance.now();
    compareElementSets(last.a, last.b);
    warm.push(performance.now() - started);
  }

  // Exactly the edits, nothing else.
  const { diff } = last!;
  const { revised } = versions[1]!.tower;
  const sorted = (list: string[]) => [...list].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const moved = diff.changed.filter((c) => c.geometry && c.properties.length === 0);
  const edited = diff.changed.filter(
    (c) =>
      !c.geometry &&
      c.properties.length === 1 &&
      c.properties[0]!.name === 'Reference' &&
      c.properties[0]!.from === 'Wall 200' &&
      c.properties[0]!.to === 'Wall 250',
  );
  const exact =
    diff.added.length === 0 &&
    JSON.stringify(diff.removed) === JSON.stringify(sorted(revised.removed)) &&
    moved.length + edited.length === diff.changed.length &&
    JSON.stringify(moved.map((c) => c.guid)) === JSON.stringify(sorted(revised.moved)) &&
    JSON.stringify(edited.map((c) => c.guid)) === JSON.stringify(sorted(revised.changed));
  const c = summarize(cold);
  const w = summarize(warm);
  console.log(
    `\ndiff of two ${ELEMENTS}-element versions: ${diff.removed.length} removed, ${moved.length} moved, ${edited.length} with a changed property (${exact ? 'exactly the edits' : 'NOT the edits'})`,
  );
  console.log(`| path | runs | median ms | p95 ms | max ms |`);
  console.log(`| --- | --- | --- | --- | --- |`);
  console.log(
    `| cold: read + parse + element sets + compare | ${RUNS} | ${c.p50.toFixed(0)} | ${c.p95.toFixed(0)} | ${c.max.toFixed(0)} |`,
  );
  console.log(
    `| warm: compare cached element sets | ${RUNS} | ${w.p50.toFixed(0)} | ${w.p95.toFixed(0)} | ${w.max.toFixed(0)} |`,
  );
  const ok = exact && c.max / 1000 < TARGET_S;
  console.log(`\ntarget: every cold run under ${TARGET_S} s: ${ok ? 'met' : 'NOT met'}`);
  if (!ok) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
