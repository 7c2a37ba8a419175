import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServerEntry } from '../../../apps/server/src/testing/built-server.ts';
import { copyTemplateDataDir } from '../../../apps/server/src/testing/template-data-dir.ts';

const serverDir = fileURLToPath(new URL('../../../apps/server/', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: string[]): Promise<void> {
  // TRUSS_SERVER_START_SECONDS: more time on a loaded machine (PGlite's start is CPU-bound).
  const deadline = Date.now() + Number(process.env.TRUSS_SERVER_START_SECONDS ?? 180) * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${output.join('')}`);
}

/**
 * Starts the product the way a user does (`npm start` minus the web build, which the e2e
 * script runs first): the built server (dist/main.js, built here when stale), one process,
 * embedded PGlite and local storage in a fresh DATA_DIR (a copy of a migrated one:
 * apps/server/src/testing/template-data-dir.ts).
 */
export async function startServer(
  env: Record<string, string> = {},
  /** A port chosen beforehand, when something started earlier must know the URL (OAuth). */
  options: { port?: number } = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'truss-e2e-'));
  // A copy of a migrated database, unless the test brings its own database or data folder.
  if (!process.env.TRUSS_E2E_DATABASE_URL && !env.DATABASE_URL && !env.DATA_DIR) {
    await copyTemplateDataDir(dataDir);
  }
  const server = await launch(dataDir, env, options.port ?? (await freePort()));
  return {
    url: server.url,
    dataDir,
    async stop() {
      await server.halt();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The built server on `dataDir`, once healthy; `halt` stops it (SIGTERM) and keeps the folder. */
async function launch(
  dataDir: string,
  env: Record<string, string>,
  port: number,
): Promise<{ url: string; halt(): Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, [await builtServerEntry()], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // TRUSS_SERVER_LOG=<file>: the server's request log (with response times) for diagnosis.
      LOG_LEVEL: process.env.TRUSS_SERVER_LOG ? 'info' : 'warn',
      // TRUSS_E2E_DATABASE_URL: a PostgreSQL database instead of a fresh PGlite (a quicker start).
      DATABASE_URL: process.env.TRUSS_E2E_DATABASE_URL ?? '',
      SMTP_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      // Browser tests sign up many users from 127.0.0.1: the per-IP caps would refuse them.
      NO_CAPS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  if (process.env.TRUSS_SERVER_LOG)
    child.stdout?.pipe(createWriteStream(process.env.TRUSS_SERVER_LOG));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    // A server that never became healthy must not outlive the run that started it.
    child.kill('SIGTERM');
    throw error;
  }
  return {
    url,
    async halt() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
