/** bench:sheets's markdown report: the timing table with ratios, the conversions, the load. */
import { median } from '../viewer/browser.ts';
import type { SheetRun } from './measure.ts';

export interface Comparison {
  /** The file Truss opened, and the contender with the file it opened. */
  drawing: string;
  them: string;
  theirFile: string;
  truss: SheetRun[];
  theirs: SheetRun[];
  run: () => Promise<SheetRun>;
  runTheirs: () => Promise<SheetRun>;
}

export interface ConversionRow {
  format: string;
  file: string;
  sheets: number;
  paths: number;
  /** Median seconds in the converter worker, and its process's peak RSS. */
  seconds: number;
  peakMiB: number;
  /** Upload (tus) to ready on the running server, once. */
  serverSeconds: number;
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '–');
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : '–');

export function sheetsReport(input: {
  date: string;
  runs: number;
  convertRuns: number;
  canvas: { width: number; height: number };
  packages: { pdfjs: string; dxfViewer: string };
  comparisons: Comparison[];
  conversions: ConversionRow[];
  load: { before: string; after: string };
  blocked: string[];
}): string {
  const lines = [
    `# bench:sheets, ${input.date}`,
    '',
    `Median of ${input.runs} cold opens each (fresh context, empty cache), alternating order, ` +
      `same Chromium; canvas ${input.canvas.width}×${input.canvas.height} CSS px for every viewer. ` +
      `pdf.js ${input.packages.pdfjs} (its viewer components), dxf-viewer ${input.packages.dxfViewer} ` +
      '(reads DXF only: it opens the DWG’s DXF twin). Targets: first pixels ≤ theirs (≤ 1.00x), ' +
      'whole sheet ≤ 1.2x theirs.',
    '',
    '| Truss opens | first pixels ms | whole sheet ms | contender opens | first pixels ms | whole sheet ms | first ratio | whole ratio | targets |',
    '|---|---:|---:|---|---:|---:|---:|---:|---|',
  ];
  for (const c of input.comparisons) {
    const tf = median(c.truss.map((r) => r.firstPixelsMs));
    const tw = median(c.truss.map((r) => r.wholeMs));
    const of = median(c.theirs.map((r) => r.firstPixelsMs));
    const ow = median(c.theirs.map((r) => r.wholeMs));
    const first = tf <= of ? 'first ✓' : 'first ✗';
    const whole = tw <= 1.2 * ow ? 'whole ✓' : 'whole ✗';
    lines.push(
      `| ${c.drawing} | ${ms(tf)} | ${ms(tw)} | ${c.them}: ${c.theirFile} | ${ms(of)} | ${ms(ow)} | ` +
        `${ratio(tf, of)} | ${ratio(tw, ow)} | ${first}, ${whole} |`,
    );
  }
  lines.push(
    '',
    `Conversion (converter worker in a fresh process, median of ${input.convertRuns}; peak RSS of that process) and upload-to-ready on the server:`,
    '',
    '| format | file | sheets | paths | convert s | peak RSS MiB | upload→ready s |',
    '|---|---|---:|---:|---:|---:|---:|',
  );
  for (const r of input.conversions) {
    lines.push(
      `| ${r.format.toUpperCase()} | ${r.file} | ${r.sheets} | ${r.paths} | ${r.seconds.toFixed(2)} | ${r.peakMiB.toFixed(0)} | ${r.serverSeconds.toFixed(1)} |`,
    );
  }
  lines.push('', `Load average before: ${input.load.before}; after: ${input.load.after}.`);
  if (input.blocked.length > 0)
    lines.push('', `Requests to other hosts (blocked): ${input.blocked.join(', ')}`);
  return lines.join('\n');
}
