import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuthResponse, Project } from '@truss/contracts';
import { builtServerEntry } from './built-server.ts';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server as `npm start` runs it (the built dist/main.js), in a child process, so the
 * child IS the server and SIGKILL really kills it.
 */
export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Everything it printed (for failure messages). */
  output(): string;
  /** kill -9: no shutdown hook runs. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the built server on a free port. The port is free when probed but another test process
 * can take it before the child listens: then the child is started again on a new port.
 */
export async function startChildServer(
  env: Record<string, string>,
  options: { args?: string[]; readyWhen?: RegExp } = {},
): Promise<ChildServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(env, options);
    } catch (error) {
      const lostPort = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!lostPort || attempt >= 3) throw error;
    }
  }
}

async function startOnce(
  env: Record<string, string>,
  options: { args?: string[]; readyWhen?: RegExp },
): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [await builtServerEntry(), ...(options.args ?? [])], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: path.join(serverRoot, '__no_web_build__'),
      // Tests sign up many users from 127.0.0.1: the per-IP caps would refuse them.
      NO_CAPS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (options.readyWhen) {
      if (options.readyWhen.test(output)) break;
    } else {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
    }
    // A first start creates the embedded database (initdb), which on a crowded machine can take
    // most of a minute by itself.
    if (Date.now() - started > 150_000) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 150 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs up through the dev outbox on a child server: a verified user and their project. */
export async function signUpOn(
  url: string,
): Promise<{ token: string; userId: string; projectId: string }> {
  const email = `child-${randomBytes(4).toString('hex')}@example.com`;
  const json = { 'content-type': 'application/json' };
  await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'correct horse battery', agreeTerms: true }),
  });
  const mail = (await (
    await fetch(`${url}/api/dev/mail?to=${encodeURIComponent(email)}`)
  ).json()) as { text: string }[];
  const code = /\b(\d{6})\b/.exec(mail[0]?.text ?? '')?.[1];
  const verified = (await (
    await fetch(`${url}/api/auth/verify-email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, code }),
    })
  ).json()) as AuthResponse;
  const projects = (await (
    await fetch(`${url}/api/project`, { headers: { authorization: `Bearer ${verified.token}` } })
  ).json()) as Project[];
  return { token: verified.token, userId: verified.user.id, projectId: projects[0]!.id };
}
