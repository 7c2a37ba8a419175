/**
 * One drawing's conversion time and peak RSS (bench:sheets:convert and bench:sheets): the file
 * converted into the sheet viewable in a fresh process by the built server's worker thread
 * (apps/server/dist/converter-worker.js), as production runs it: tsx would transform pdf.js's
 * 1 MB module and triple the PDF's time and memory. The child is this file run with `--child`.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { WorkerConversionResponse } from '@truss/converter';

export interface ConversionMeasured {
  ok: boolean;
  error?: string;
  sheets: number;
  paths: number;
  texts: number;
  /** The child's RSS before the worker started, MiB. */
  baseMiB: number;
  /** The child's peak RSS (worker included), MiB. */
  peakMiB: number;
  seconds: number;
}

const self = fileURLToPath(import.meta.url);
const serverDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../apps/server');

/** Builds apps/server/dist (the converter worker) when it is stale. */
export async function buildConverterWorker(): Promise<void> {
  const { buildServer } = (await import(join(serverDir, 'build.mjs'))) as {
    buildServer(): Promise<boolean>;
  };
  await buildServer();
}

async function child(file: string): Promise<void> {
  const { Worker } = await import('node:worker_threads');
  const baseMiB = process.resourceUsage().maxRSS / 1024;
  const started = performance.now();
  const worker = new Worker(join(serverDir, 'dist/converter-worker.js'), {
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  const response = await new Promise<WorkerConversionResponse>((done, fail) => {
    worker.on('error', fail);
    worker.on('message', (message: { type: string; response?: WorkerConversionResponse }) => {
      if (message.type === 'result' && message.response) done(message.response);
    });
    worker.postMessage({
      type: 'convert',
      request: { input: file, filename: file.split('/').pop()! },
    });
  });
  await worker.terminate();
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  const stats =
    response.ok && response.kind === 'sheets' ? response.stats : { sheets: 0, paths: 0, texts: 0 };
  const measured: ConversionMeasured = {
    ok: response.ok,
    error: response.ok ? undefined : `${response.code}: ${response.message}`,
    sheets: stats.sheets,
    paths: stats.paths,
    texts: stats.texts,
    baseMiB,
    peakMiB,
    seconds,
  };
  process.stdout.write(`${JSON.stringify(measured)}\n`);
}

/** Converts `file` in a child process; `signal` kills it (a bench being stopped). */
export async function measureConversion(
  file: string,
  signal?: AbortSignal,
): Promise<ConversionMeasured> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', self, '--child', file],
    { maxBuffer: 1 << 24, ...(signal ? { signal } : {}) },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as ConversionMeasured;
}

if (process.argv[1] === self && process.argv[2] === '--child') await child(process.argv[3]!);
