import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanup } from './cleanup.ts';

const FIXTURE = fileURLToPath(new URL('./cleanup-fixture.ts', import.meta.url));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Children the fixture left behind, killed after the test that found them. */
const leftOver: number[] = [];
afterEach(() => {
  for (const pid of leftOver.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

/**
 * Runs the fixture bench; once it printed its child's pid, `then` may signal it. Resolves with
 * its exit code and the child's pid.
 */
function runFixture(
  mode: 'throw' | 'wait' | 'starting',
  then: (bench: ReturnType<typeof spawn>) => void = () => undefined,
): Promise<{ code: number | null; pid: number; stderr: string }> {
  const bench = spawn(process.execPath, ['--import', 'tsx', FIXTURE, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let pid = 0;
  bench.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  bench.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const match = /child (\d+)/.exec(stdout);
    if (match && !pid) {
      pid = Number(match[1]);
      leftOver.push(pid);
      then(bench);
    }
  });
  return new Promise((resolve) =>
    bench.once('exit', (code) => {
      // Exited once its cleanup ran: the child must be gone by now.
      resolve({ code, pid, stderr });
    }),
  );
}

describe('a bench that stops', () => {
  it('stops the child it started when it fails', async () => {
    const { code, pid, stderr } = await runFixture('throw');
    expect(pid).toBeGreaterThan(0);
    expect(code).not.toBe(0);
    expect(stderr).toContain('a sample file is missing');
    expect(isRunning(pid)).toBe(false);
  }, 30_000);

  it('stops the child it started when it is sent SIGTERM, and exits with 143', async () => {
    const { code, pid, stderr } = await runFixture('wait', (bench) => bench.kill('SIGTERM'));
    expect(pid).toBeGreaterThan(0);
    expect(stderr).toContain('SIGTERM: stopping');
    expect(code).toBe(143);
    expect(isRunning(pid)).toBe(false);
  }, 30_000);

  it('stops the child of a start the signal interrupted', async () => {
    const { code, pid } = await runFixture('starting', (bench) => bench.kill('SIGTERM'));
    expect(pid).toBeGreaterThan(0);
    expect(code).toBe(143);
    expect(isRunning(pid)).toBe(false);
  }, 30_000);
});

/** Pids of the processes whose parent is `pid` and whose command line contains `marker`. */
function childrenOf(pid: number, marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": the command name may hold spaces, so read after ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === pid && cmdline.includes(marker)) found.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

describe.skipIf(process.platform !== 'linux')('bench:tower', () => {
  it('stops its converter child when it is sent SIGTERM, and exits with 143', async () => {
    const tower = fileURLToPath(new URL('../convert/tower.bench.ts', import.meta.url));
    const bench = spawn(process.execPath, ['--import', 'tsx', tower, '5000'], {
      stdio: 'ignore',
      env: { ...process.env, TRUSS_TOWER_VIEW: '0' },
    });
    const exited = new Promise<number | null>((resolve) => bench.once('exit', resolve));
    // The tower is written, then converted in a child process (some seconds): signalled then.
    let converter: number[] = [];
    for (let i = 0; i < 1200 && converter.length === 0 && bench.exitCode === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      converter = childrenOf(bench.pid!, '--child');
    }
    leftOver.push(...converter);
    expect(converter).toHaveLength(1);
    bench.kill('SIGTERM');
    expect(await exited).toBe(143);
    // Sent SIGTERM by the bench's cleanup: gone within moments.
    for (let i = 0; i < 50 && isRunning(converter[0]!); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(converter[0]!)).toBe(false);
  }, 180_000);
});

describe('Cleanup', () => {
  it('stops the last started first, each once, and past a step that fails', async () => {
    const cleanup = new Cleanup();
    const stopped: string[] = [];
    const logged: string[] = [];
    cleanup.add('server', 'server', (name) => void stopped.push(name));
    cleanup.add('browser', 'browser', () => {
      throw new Error('already closed');
    });
    cleanup.add('harness', 'harness', (name) => void stopped.push(name));
    await Promise.all([
      cleanup.run((line) => logged.push(line)),
      cleanup.run((line) => logged.push(line)),
    ]);
    await cleanup.run();
    expect(stopped).toEqual(['harness', 'server']);
    expect(logged).toEqual(['cleanup: stopping browser failed: Error: already closed']);
    expect(cleanup.signal.aborted).toBe(true);
  });

  it('refuses, and stops, what is started once it is stopping', async () => {
    const cleanup = new Cleanup();
    await cleanup.run();
    let stopped = false;
    expect(() => cleanup.add('late', 1, () => void (stopped = true))).toThrow(/after the bench/);
    await Promise.resolve();
    expect(stopped).toBe(true);
  });
});
