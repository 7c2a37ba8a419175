import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from './testing/samples.ts';

/**
 * Runs the worker in a plain Node process (as the server does): the test runner's own module
 * hooks would otherwise shadow the TypeScript loader the bootstrap registers.
 */
const HARNESS = `
import { Worker } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
const [bootstrap, input] = process.argv.slice(1);
const worker = new Worker(new URL(bootstrap), { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 1024 } });
const stages = [];
worker.on('error', (error) => { console.log(JSON.stringify({ error: String(error) })); process.exit(1); });
worker.on('message', (message) => {
  if (message.type === 'progress') { if (!stages.includes(message.stage)) stages.push(message.stage); return; }
  const { response } = message;
  const metadata = response.ok ? JSON.parse(gunzipSync(new Uint8Array(response.metadataGz)).toString()) : null;
  console.log(JSON.stringify({ ok: response.ok, code: response.code, glbBytes: response.glb?.byteLength, format: metadata?.format, stages }));
  void worker.terminate();
});
worker.postMessage({ type: 'convert', request: { input, filename: input.split('/').pop() } });
`;

describe.skipIf(!HAVE_SAMPLES)('worker thread entry', () => {
  it(
    'converts in a memory-capped worker, streams every stage, transfers the buffers',
    { timeout: 60_000 },
    async () => {
      const bootstrap = new URL('./worker-bootstrap.js', import.meta.url).href;
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--input-type=module',
        '-e',
        HARNESS,
        bootstrap,
        sample('ifc/SmallModelIfc2x3.ifczip'),
      ]);
      const report = JSON.parse(stdout.trim().split('\n').pop()!);
      expect(report).toMatchObject({ ok: true, format: 'ifczip' });
      expect(report.glbBytes).toBeGreaterThan(1000);
      expect(report.stages).toEqual([
        'detect',
        'parse',
        'geometry',
        'optimize',
        'write',
        'thumbnail',
      ]);
    },
  );
});
