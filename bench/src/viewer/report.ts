/** The viewer bench's markdown report: side-by-side table, checks, orbit and picking figures. */
import { summarize } from '../stats.ts';
import { median } from './browser.ts';
import type { ViewerRun } from './o3dv/measure.ts';
import type { Interaction } from './truss/measure.ts';

export interface ModelResult {
  name: string;
  modelId: string;
  elements: number;
  materials: number;
  /** Draw batches the converter wrote into the .glb (metadata stats). */
  glbBatches: number;
  /** A run, or the error that ended it. */
  truss: (ViewerRun | string)[];
  o3dv: (ViewerRun | string)[];
}

export interface ReportInput {
  date: string;
  runs: number;
  o3dvVersion: string;
  webIfcVersion: string;
  results: ModelResult[];
  interaction: Interaction;
  towerName: string;
  blocked: string[];
}

interface Medians {
  firstFrameMs: number;
  modelLoadedMs: number;
  loadedMs: number;
  heapMiB: number;
  drawCalls: number;
  ok: number;
  errors: string[];
}

function medians(runs: (ViewerRun | string)[]): Medians {
  const ok = runs.filter((run): run is ViewerRun => typeof run !== 'string');
  return {
    firstFrameMs: median(ok.map((run) => run.firstFrameMs)),
    modelLoadedMs: median(ok.map((run) => run.modelLoadedMs ?? run.loadedMs)),
    loadedMs: median(ok.map((run) => run.loadedMs)),
    heapMiB: median(ok.map((run) => run.heapMiB)),
    drawCalls: median(ok.map((run) => run.drawCalls)),
    ok: ok.length,
    errors: runs.filter((run): run is string => typeof run === 'string'),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : 'n/a');
const mib = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const count = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');

export function report(input: ReportInput): string {
  const lines: string[] = [];
  const renderer = input.interaction.renderer;
  lines.push(`# Viewer bench, ${input.date}`);
  lines.push('');
  lines.push(
    `Headless Chromium (${renderer}), 1280×800, cold cache per load (fresh context), median of ${input.runs} runs. ` +
      `Times are from navigation start. Heap: CDP Runtime.getHeapUsage after a forced GC (WASM memory, e.g. web-ifc's, is not JS heap). ` +
      `Online3DViewer ${input.o3dvVersion} opens the original IFC with web-ifc ${input.webIfcVersion} served locally; ` +
      `its first frame is its first render() that drew triangles, "loaded" the frame after onModelLoaded. ` +
      `Truss "model loaded": the engine has every batch and the metadata; "page ready": so has the page (tree, properties, toolbar).`,
  );
  lines.push('');
  lines.push(
    '| model | elements | materials | .glb batches | Truss first frame ms | Truss model loaded ms | Truss page ready ms | Truss heap MiB | Truss draw calls | O3DV first frame ms | O3DV loaded ms | O3DV heap MiB | O3DV draw calls | first frame Truss/O3DV (≤ 0.3) | draw calls ≤ materials + 10 |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  const problems: string[] = [];
  for (const result of input.results) {
    const truss = medians(result.truss);
    const o3dv = medians(result.o3dv);
    const ratio = truss.firstFrameMs / o3dv.firstFrameMs;
    const ratioText = Number.isFinite(ratio)
      ? `${ratio.toFixed(2)} ${ratio <= 0.3 ? '✅' : '❌'}`
      : 'n/a';
    const drawOk = truss.drawCalls <= result.materials + 10;
    const drawText = Number.isFinite(truss.drawCalls)
      ? `${drawOk ? '✅' : '❌'} ${count(truss.drawCalls)} ≤ ${result.materials + 10}`
      : 'n/a';
    lines.push(
      `| ${result.name} | ${result.elements} | ${result.materials} | ${result.glbBatches} | ${ms(truss.firstFrameMs)} | ${ms(truss.modelLoadedMs)} | ${ms(truss.loadedMs)} | ${mib(truss.heapMiB)} | ${count(truss.drawCalls)} | ${ms(o3dv.firstFrameMs)} | ${ms(o3dv.loadedMs)} | ${mib(o3dv.heapMiB)} | ${count(o3dv.drawCalls)} | ${ratioText} | ${drawText} |`,
    );
    for (const [who, m] of [
      ['Truss', truss],
      ['O3DV', o3dv],
    ] as const) {
      if (m.errors.length > 0) {
        problems.push(
          `- ${who} ${result.name}: ${m.ok}/${input.runs} runs succeeded; ${[...new Set(m.errors)].join('; ')}`,
        );
      }
    }
  }
  if (problems.length > 0) {
    lines.push('', 'Failed runs:', ...problems);
  }
  const { interaction } = input;
  const frames = summarize(interaction.frameDeltas);
  const picks = summarize(interaction.pickMs);
  const select = summarize(interaction.clickToSelectionMs);
  const paint = summarize(interaction.clickToPaintMs);
  lines.push('');
  lines.push(`## ${input.towerName}: orbit and picking`);
  lines.push('');
  lines.push('| measure | n | median ms | p95 ms | max ms |');
  lines.push('|---|---:|---:|---:|---:|');
  const row = (name: string, s: ReturnType<typeof summarize>) =>
    lines.push(
      `| ${name} | ${s.n} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} |`,
    );
  row(
    `frame time while orbiting (rAF delta; mouse drag of ${interaction.orbitSeconds.toFixed(1)} s, ${interaction.cameraChanges} camera changes)`,
    frames,
  );
  lines.push(`| first pick after loading | 1 | ${interaction.firstPickMs.toFixed(1)} | | |`);
  row('pick(x, y) over a 40×40 grid, misses included', summarize(interaction.gridPickMs));
  row(`pick(x, y) on the model (${interaction.pickHits} grid points hit)`, picks);
  row('real click → selection-change', select);
  row('real click → next painted frame', paint);
  lines.push('');
  lines.push(
    `Engine's own average frame time after the orbit (getStats().frameMs, time spent in render() on the main thread): ${interaction.engineFrameMs.toFixed(1)} ms; frame-rate guard simplifying right after the drag: ${interaction.degradedAfterOrbit ? 'yes' : 'no'}. Renderer: ${renderer}.`,
  );
  lines.push('');
  lines.push(
    input.blocked.length === 0
      ? 'Requests to anything but 127.0.0.1: none (every such request would have been aborted and listed here).'
      : `Requests to anything but 127.0.0.1 (aborted): ${input.blocked.join(', ')}`,
  );
  return `${lines.join('\n')}\n`;
}
