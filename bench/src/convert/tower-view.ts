/**
 * The Chromium check of bench:tower: the largest tower goes through the real server (built web
 * app, PGlite: uploaded with tus, converted by the server's worker) and its model page is opened
 * cold in headless Chromium until the viewer reports the whole model loaded.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccount } from '@truss/e2e/support/accounts';
import { launchChromium } from '@truss/e2e/support/browser';
import { firstProjectId, login, uploadFile, waitForReady } from '@truss/e2e/support/viewer';
import { startTruss } from '../api/support.ts';
import type { Cleanup } from '../support/cleanup.ts';
import type { Browser } from 'playwright-core';
import { startContenders } from '../viewer/contenders/harness.ts';
import { measureContender } from '../viewer/contenders/measure.ts';
import type { ViewerRun } from '../viewer/o3dv/measure.ts';
import { measureTower, type TowerRun } from './tower-measure.ts';

const webDist = fileURLToPath(new URL('../../../apps/web/dist/index.html', import.meta.url));

export interface TowerView extends TowerRun {
  /** Upload to ready through the server. */
  serverSeconds: number;
  /** From ready until the server was quiet (its index of the metadata), before the page opens. */
  settleSeconds: number;
  /** That Open's fragments viewer on the same tower (its IfcImporter's .frag), same canvas. */
  thatOpen: (ViewerRun & { convertSeconds: number; fragBytes: number }) | null;
}

/** CPU seconds a process has used (user + system, /proc; null where there is none). */
async function cpuSeconds(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until the server is quiet (under 10 % of a core over a second, twice in a row, at most
 * `limitMs`): a model is ready before the server has indexed its metadata (200,000 elements: a
 * minute of its main thread on a busy machine), and a page opened meanwhile measures that.
 */
async function serverQuiet(pid: number, limitMs = 600_000): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  let before = await cpuSeconds(pid);
  while (before !== null && quiet < 2 && performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await cpuSeconds(pid);
    if (now === null) break;
    quiet = now - before < 0.1 ? quiet + 1 : 0;
    before = now;
  }
  return (performance.now() - started) / 1000;
}

/**
 * Starts the browser's GPU process and its software rasterizer with one WebGL2 draw on a blank
 * page (no origin's caches): the first page of a fresh Chromium paid for that (3-9 s at load 20,
 * against 0.3-1.5 s for the next pages), and That Open, measured second, did not. A browser in use
 * has them running.
 */
const WARM_UP_SCRIPT = `(() => {
  const gl = document.querySelector('canvas').getContext('webgl2');
  const program = gl.createProgram();
  for (const [type, source] of [
    [gl.VERTEX_SHADER, '#version 300 es\\nin vec2 p;void main(){gl_Position=vec4(p,0,1);}'],
    [gl.FRAGMENT_SHADER, '#version 300 es\\nprecision mediump float;out vec4 c;void main(){c=vec4(1);}'],
  ]) {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  gl.useProgram(program);
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, 0, 1]), gl.STATIC_DRAW);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  gl.drawArrays(gl.TRIANGLES, 0, 3);
  // Waits for the GPU process to have drawn it.
  const pixel = new Uint8Array(4);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  return pixel[0];
})()`;

export async function warmUpGpu(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.setContent('<canvas width="256" height="256"></canvas>');
    // A string, not a function: tsx would put its __name helper into it.
    await page.evaluate(WARM_UP_SCRIPT);
  } finally {
    await page.close();
  }
}

/** Open the tower in That Open's viewer too (TRUSS_TOWER_THATOPEN=0: skip). */
const THAT_OPEN = process.env.TRUSS_TOWER_THATOPEN !== '0';

async function viewInThatOpen(
  browser: Browser,
  file: string,
  canvas: { width: number; height: number },
  timeoutMs: number,
): Promise<TowerView['thatOpen']> {
  const started = performance.now();
  const harness = await startContenders([file], () => undefined, undefined, ['thatopen']);
  const convertSeconds = (performance.now() - started) / 1000;
  try {
    const run = await measureContender(browser, harness, 'thatopen', file, canvas, timeoutMs);
    return { ...run, convertSeconds, fragBytes: harness.bytes('thatopen', file) };
  } finally {
    await harness.close();
  }
}

/** The server and Chromium it starts are stopped by `cleanup` too (a signal while they run). */
export async function viewTower(
  file: string,
  timeoutMs: number,
  cleanup: Cleanup,
): Promise<TowerView> {
  if (!existsSync(webDist)) {
    throw new Error('no apps/web/dist: run `npm run build:web` first (or TRUSS_TOWER_VIEW=0)');
  }
  // On PGlite like `npm start`; caps off (sign-ups from loopback), a long start-up allowed.
  const server = await cleanup.start(
    'the Truss server',
    startTruss({
      databaseUrl: '',
      env: { NO_CAPS: '1', LOG_LEVEL: 'warn' },
      readyTimeoutMs: 600_000,
    }),
    (s) => s.stop(),
  );
  const browser = await cleanup.start('Chromium', launchChromium(), (b) => b.close());
  try {
    const email = `bench-tower-${Date.now()}@example.com`;
    const auth = await createAccount(server.url, email);
    const projectId = await firstProjectId(server.url, auth.token);
    const started = performance.now();
    const id = await uploadFile(server.url, auth.token, projectId, file);
    // A 200k tower converts for longer than an access token lives on a busy machine: each wait
    // of five minutes at most, signed in again for the next.
    const deadline = Date.now() + timeoutMs;
    let model: Awaited<ReturnType<typeof waitForReady>> | null = null;
    while (!model) {
      const { token } = await login(server.url, email);
      const left = deadline - Date.now();
      try {
        model = await waitForReady(server.url, token, id, Math.min(300_000, left));
      } catch (error) {
        if (left <= 300_000 || !/ still /.test(String(error))) throw error;
      }
    }
    const serverSeconds = (performance.now() - started) / 1000;
    const settleSeconds = await serverQuiet(server.pid);
    await warmUpGpu(browser);
    const run = await measureTower(browser, { baseUrl: server.url, email }, model.id, timeoutMs);
    const thatOpen = THAT_OPEN ? await viewInThatOpen(browser, file, run.canvas, timeoutMs) : null;
    return { serverSeconds, settleSeconds, ...run, thatOpen };
  } catch (error) {
    // The server's own account of it (a crash, a failed job) is in its log, deleted on stop.
    const log = await readFile(path.join(server.dataDir, 'server.log'), 'utf8').catch(() => '');
    console.error(`server log (last 40 lines):\n${log.split('\n').slice(-40).join('\n')}`);
    throw error;
  } finally {
    // Stopped here as well, once measured (stopping twice is harmless).
    await browser.close();
    await server.stop();
  }
}
