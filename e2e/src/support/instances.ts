/**
 * Truss processes of one deployment, started from the built server (`node dist/main.js`, as
 * `npm start` runs it) with a role each: `api` (HTTP only) or `worker` (conversions only; HTTP
 * for its health and metrics alone, on WORKER_HTTP_PORT). Each writes its JSON log lines to a file of the test's, which the test reads to see
 * what an instance did (the requests it answered, the jobs it ran).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServerEntry } from '../../../apps/server/src/testing/built-server.ts';
import { freePort } from './server.ts';

const serverDir = fileURLToPath(new URL('../../../apps/server/', import.meta.url));

/** One JSON line of an instance's log (pino). */
export interface LogLine {
  level: number;
  time: number;
  msg: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  job?: string;
  [key: string]: unknown;
}

export interface TrussInstance {
  name: string;
  role: 'api' | 'worker';
  pid: number;
  /** `http://127.0.0.1:<port>`: the API, or a worker's health and metrics. */
  url: string;
  /** `127.0.0.1:<port>`, as the balancer names it. */
  address: string;
  logFile: string;
  /** The process ended (exit code or signal), or null while it runs. */
  ended(): string | null;
  /** Its log so far, parsed (lines that are not JSON are left out). */
  log(): Promise<LogLine[]>;
  /** `kill -9`: no shutdown, no hand-back of its jobs. */
  crash(): Promise<void>;
  /** SIGTERM (a graceful shutdown), SIGKILL after 15 s. */
  stop(): Promise<void>;
}

async function until(
  what: string,
  child: ChildProcess,
  logFile: string,
  check: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + Number(process.env.TRUSS_SERVER_START_SECONDS ?? 120) * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = await readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}):\n${log}`);
    }
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} did not start in time (see ${logFile})`);
}

/**
 * Starts one instance with `env` (the deployment's shared settings) and its role; resolves once
 * `/api/health/live` answers.
 */
export async function startInstance(
  name: string,
  role: 'api' | 'worker',
  env: Record<string, string>,
  logDir: string,
): Promise<TrussInstance> {
  await mkdir(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const port = await freePort();
  const child = spawn(process.execPath, [await builtServerEntry()], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      HOST: '127.0.0.1',
      NO_CAPS: '1',
      ...env,
      ROLE: role,
      ...(role === 'api' ? { PORT: String(port) } : { WORKER_HTTP_PORT: String(port) }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const sink = createWriteStream(logFile);
  child.stdout?.pipe(sink, { end: false });
  child.stderr?.pipe(sink, { end: false });
  const url = `http://127.0.0.1:${port}`;
  const readLog = async (): Promise<LogLine[]> => {
    const text = await readFile(logFile, 'utf8').catch(() => '');
    const lines: LogLine[] = [];
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        // a line cut short by kill -9
      }
    }
    return lines;
  };
  await until(
    `${name} (${role})`,
    child,
    logFile,
    async () => (await fetch(`${url}/api/health/live`)).ok,
  );
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    name,
    role,
    pid: child.pid ?? 0,
    url,
    address: `127.0.0.1:${port}`,
    logFile,
    ended: () =>
      child.exitCode !== null || child.signalCode !== null
        ? String(child.exitCode ?? child.signalCode)
        : null,
    log: readLog,
    async crash() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      sink.end();
    },
  };
}
