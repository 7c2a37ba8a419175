import { spawn } from 'node:child_process';
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
