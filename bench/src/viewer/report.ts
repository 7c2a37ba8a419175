/** The viewer bench's markdown report: side-by-side table, checks, orbit and picking figures. */
import { isSoftwareRendererName } from '@truss/viewer/gl-context';
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
  xeokit: (ViewerRun | string)[];
  thatopen: (ViewerRun | string)[];
  /** Sizes of the contenders' converted files. */
  bytes: { xeokit: number; thatopen: number };
}

interface ReportInput {
  date: string;
  runs: number;
  o3dvVersion: string;
  webIfcVersion: string;
  contenderVersions: { xeokit: string; xeokitConvert: string; fragments: string };
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
const kib = (value: number) => (Number.isFinite(value) ? (value / 1024).toFixed(0) : 'n/a');
const count = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');

/** Issue 37's targets: each model against xeokit, its draw calls, and its page ready. */
const FIRST_FRAME_RATIO = 0.5;
const LOADED_RATIO = 0.6;
const MAX_DRAW_CALLS = 4;
const PAGE_READY_GAP_MS = 300;

export function report(input: ReportInput): string {
  const lines: string[] = [];
  const renderer = input.interaction.renderer;
  lines.push(`# Viewer bench, ${input.date}`);
  lines.push('');
  const v = input.contenderVersions;
  lines.push(
    `Headless Chromium (${renderer}), cold cache per load (fresh context), median of ${input.runs} runs; every viewer draws into a canvas of the size Truss's canvas has on its model page (column "canvas"). Every viewer's page is served with Truss's isolation header (Cross-Origin-Opener-Policy: same-origin, so every load starts in a renderer of its own), and the browser builds no omnibox WebUI per context (--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup). ` +
      (isSoftwareRendererName(renderer)
        ? `Truss draws without MSAA on this software rasterizer (createViewCanvas); the others draw with it. `
        : '') +
      `Times are ms from navigation start. First frame, for every viewer: the first WebGL draw of triangles into that canvas's own framebuffer, caught by a wrapped context (first-draw.ts). ` +
      `Loaded: Truss "model" = the engine has every batch and the metadata, "page" = so has the page (tree, properties, toolbar); xeokit ${v.xeokit} (.xkt by xeokit-convert ${v.xeokitConvert}) = the frame after the model's "loaded" event; ` +
      `That Open (@thatopen/fragments ${v.fragments}, .frag by its IfcImporter) = the frame after load() and update(true); Online3DViewer ${input.o3dvVersion} (the original IFC, web-ifc ${input.webIfcVersion} served locally) = the frame after onModelLoaded. ` +
      `Heap: CDP Runtime.getHeapUsage after a forced GC (WASM memory is not JS heap). Draw calls: Truss's engine statistics; the others' triangle draws in one render of the loaded model (O3DV: three's renderer.info).`,
  );
  lines.push('');
  lines.push(
    '| model | elements | materials | canvas | Truss first frame | Truss model loaded | Truss page ready | page ready − first frame (≤ 300) | xeokit first frame | xeokit loaded | That Open first frame | That Open loaded | O3DV first frame | O3DV loaded | first frame Truss/xeokit (≤ 0.5) | loaded Truss/xeokit (≤ 0.6) | first frame Truss/That Open | loaded Truss/That Open |',
  );
  lines.push(
    '|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  const problems: string[] = [];
  const ratio = (a: number, b: number, target?: number) => {
    const value = a / b;
    if (!Number.isFinite(value)) return 'n/a';
    return target === undefined
      ? value.toFixed(2)
      : `${value.toFixed(2)} ${value <= target ? '✅' : '❌'}`;
  };
  const within = (value: number, limit: number) =>
    Number.isFinite(value) ? `${ms(value)} ${value <= limit ? '✅' : '❌'}` : 'n/a';
  const detail: string[] = [];
  for (const result of input.results) {
    const truss = medians(result.truss);
    const o3dv = medians(result.o3dv);
    const xeokit = medians(result.xeokit);
    const thatopen = medians(result.thatopen);
    const canvas =
      result.truss.find((run): run is ViewerRun => typeof run !== 'string')?.canvas ?? 'n/a';
    lines.push(
      `| ${result.name} | ${result.elements} | ${result.materials} | ${canvas} | ${ms(truss.firstFrameMs)} | ${ms(truss.modelLoadedMs)} | ${ms(truss.loadedMs)} | ${within(truss.loadedMs - truss.firstFrameMs, PAGE_READY_GAP_MS)} | ${ms(xeokit.firstFrameMs)} | ${ms(xeokit.loadedMs)} | ${ms(thatopen.firstFrameMs)} | ${ms(thatopen.loadedMs)} | ${ms(o3dv.firstFrameMs)} | ${ms(o3dv.loadedMs)} | ${ratio(truss.firstFrameMs, xeokit.firstFrameMs, FIRST_FRAME_RATIO)} | ${ratio(truss.modelLoadedMs, xeokit.loadedMs, LOADED_RATIO)} | ${ratio(truss.firstFrameMs, thatopen.firstFrameMs)} | ${ratio(truss.modelLoadedMs, thatopen.loadedMs)} |`,
    );
    const drawText = Number.isFinite(truss.drawCalls)
      ? `${truss.drawCalls <= MAX_DRAW_CALLS ? '✅' : '❌'} ${count(truss.drawCalls)}`
      : 'n/a';
    detail.push(
      `| ${result.name} | ${result.glbBatches} | ${drawText} | ${count(xeokit.drawCalls)} | ${count(thatopen.drawCalls)} | ${count(o3dv.drawCalls)} | ${mib(truss.heapMiB)} | ${mib(xeokit.heapMiB)} | ${mib(thatopen.heapMiB)} | ${mib(o3dv.heapMiB)} | ${kib(result.bytes.xeokit)} | ${kib(result.bytes.thatopen)} |`,
    );
    for (const [who, m] of [
      ['Truss', truss],
      ['xeokit', xeokit],
      ['That Open', thatopen],
      ['O3DV', o3dv],
    ] as const) {
      if (m.errors.length > 0) {
        problems.push(
          `- ${who} ${result.name}: ${m.ok}/${input.runs} runs succeeded; ${[...new Set(m.errors)].join('; ')}`,
        );
      }
    }
  }
  lines.push('');
  lines.push(
    '| model | .glb batches | Truss draw calls (≤ 4) | xeokit draws | That Open draws | O3DV draw calls | Truss heap MiB | xeokit heap MiB | That Open heap MiB | O3DV heap MiB | .xkt KiB | .frag KiB |',
  );
  lines.push('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  lines.push(...detail);
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
      ? 'Requests to anything but 127.0.0.1: none (no host name but localhost resolves in this Chromium; every such request would have failed and been listed here).'
      : `Requests to anything but 127.0.0.1 (failed to resolve): ${input.blocked.join(', ')}`,
  );
  return `${lines.join('\n')}\n`;
}
