/**
 * Shared by the API benches: a fresh PostgreSQL database, the real server in a child process
 * (as `npm start` runs it, logging at its default level to a file), a Fastify hello-world for
 * reference, and signed-up users.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '@truss/e2e/support/server';
import { withMallocDefaults } from '../../../apps/server/src/lib/malloc-env.ts';
import { builtServerEntry } from '../../../apps/server/src/testing/built-server.ts';

const serverDir = fileURLToPath(new URL('../../../apps/server/', import.meta.url));

export interface Json {
  [key: string]: unknown;
}

interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on BENCH_DATABASE_URL's server (default: the local PostgreSQL). */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `truss_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface Child {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitFor(
  url: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer; see ${logFile}`);
}

function stopper(child: ChildProcess, cleanup: () => Promise<void>): () => Promise<void> {
  return async () => {
    // Not yet exited (a process killed by a signal has a signalCode and no exitCode).
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A shutdown that hangs must not hang the bench.
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    await cleanup();
  };
}

interface TrussOptions {
  databaseUrl: string;
  env?: Record<string, string>;
  /**
   * Writes V8 tick logs of the server next to this path, one per thread
   * (`isolate-<address>-<pid>-<name>`; the largest is the main thread's): read one with
   * `node --prof-process <file>`.
   */
  profFile?: string;
  /** The route whose first 200 means started (default /api/health). */
  readyPath?: string;
  /** How long to wait for it (default 90 s; a loaded machine needs more). */
  readyTimeoutMs?: number;
  /** Extra Node.js flags of the server process (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}

/**
 * The real server as `npm start` runs it (`node dist/main.js` with the start script's malloc
 * settings), stdout/stderr to a log file.
 */
export async function startTruss(options: TrussOptions): Promise<Child & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'truss-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const nodeArgs = [
    ...(options.profFile ? ['--prof', `--logfile=${options.profFile}`] : []),
    ...(options.nodeArgs ?? []),
  ];
  const child = spawn(process.execPath, [...nodeArgs, await builtServerEntry()], {
    cwd: serverDir,
    env: {
      ...withMallocDefaults(process.env),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: options.databaseUrl,
      SMTP_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const stop = stopper(child, () => rm(dataDir, { recursive: true, force: true }));
  await waitFor(
    `${url}${options.readyPath ?? '/api/health'}`,
    child,
    logFile,
    options.readyTimeoutMs,
  ).catch(async (error: unknown) => {
    // A server that never answered must not outlive the bench; its folder stays for the log.
    await stopper(child, async () => undefined)();
    throw error;
  });
  return { url, dataDir, pid: child.pid ?? 0, stop };
}

const HELLO = `
import('fastify').then(async ({ default: Fastify }) => {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
});`;

/** Fastify's hello-world, the reference figure, in its own process like the server. */
export async function startHello(): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['-e', HELLO], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const stop = stopper(child, async () => undefined);
  await waitFor(url, child, '(hello-world)').catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, pid: child.pid ?? 0, stop };
}

export async function call(
  base: string,
  route: string,
  init: { method?: string; json?: unknown; token?: string } = {},
): Promise<Json> {
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${base}${route}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as Json;
}

/** Signs up and verifies through the dev outbox: a signed-in user. */
export async function signUp(base: string, label: string): Promise<{ token: string; id: string }> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery staple';
  await call(base, '/api/auth/signup', {
    method: 'POST',
    json: { email, password, agreeTerms: true },
  });
  const mails = (await call(base, `/api/dev/mail?to=${encodeURIComponent(email)}`)) as unknown as {
    text: string;
  }[];
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no verification code in the dev outbox');
  const verified = await call(base, '/api/auth/verify-email', {
    method: 'POST',
    json: { email, code },
  });
  const user = verified.user as Json;
  return { token: String(verified.token), id: String(user.id) };
}

/** CPU seconds (user + system, every thread) of a process so far (Linux /proc). */
export async function cpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
  } catch {
    return 0; // gone
  }
}

/** CPU seconds of every PostgreSQL server process on this machine. */
export async function postgresCpuSeconds(): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'postgres') total += await cpuSeconds(Number(entry));
  }
  return total;
}

/** Resident set size of a process in MiB (Linux /proc). */
export async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Where a process's RSS is, in MiB, from /proc/<pid>/smaps (Linux), by kind of mapping:
 * `files` (the node binary, shared libraries, native addons), `brk` (glibc malloc's main arena),
 * `arenas` (glibc malloc's thread arenas: anonymous mappings at a 64 MiB boundary, at most
 * 64 MiB), `large` (other anonymous mappings over 64 MiB: WebAssembly memories such as
 * PGlite's) and `other` (the rest: V8's heap pages and code, stacks).
 */
export async function rssBreakdown(pid: number): Promise<Record<string, number>> {
  const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const totals: Record<string, number> = { files: 0, brk: 0, arenas: 0, large: 0, other: 0 };
  const arena = 64 * 1024 * 1024;
  let kind = 'other';
  for (const line of smaps.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const start = BigInt(`0x${header[1]}`);
      const size = Number(BigInt(`0x${header[2]}`) - start);
      const name = header[3] ?? '';
      if (name.startsWith('/')) kind = 'files';
      else if (name === '[heap]') kind = 'brk';
      else if (name) kind = 'other';
      else if (size > arena) kind = 'large';
      else if (start % BigInt(arena) === 0n) kind = 'arenas';
      else kind = 'other';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) totals[kind]! += Number(rss[1]) / 1024;
  }
  return totals;
}

/** The main thread's V8 heap and external memory in MiB, from the server's /api/metrics. */
export async function heapFromMetrics(base: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${base}/api/metrics`)).text();
  const gauge = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1024 ** 2;
  return {
    heap: gauge('nodejs_heap_size_total_bytes'),
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
}
