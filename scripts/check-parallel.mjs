#!/usr/bin/env node
// The checks of `npm run check` after check-engines: Prettier, ESLint and each workspace's
// TypeScript, as many at a time as there are cores (CHECK_JOBS overrides). Each is one
// single-threaded process: one after the other they took CI's two cores about two and a half
// minutes with one core idle. A check's output is printed whole when it ends; any failure fails.
// Usage: node scripts/check-parallel.mjs
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** `npm run typecheck` of every workspace that has one; dependents first (they check more). */
const typechecks = [...pkg.workspaces].reverse().flatMap((dir) => {
  const workspace = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  return workspace.scripts?.typecheck
    ? [{ name: `typecheck ${workspace.name}`, args: ['run', 'typecheck', '-w', workspace.name] }]
    : [];
});
const checks = [
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'format:check', args: ['run', 'format:check'] },
  ...typechecks,
];

function run({ name, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['--silent', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`${ok ? 'ok' : 'FAILED'}  ${name} (${seconds} s)\n`);
      if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
      resolve(ok);
    });
  });
}

const slots = Math.max(1, Number(process.env.CHECK_JOBS) || availableParallelism());
const queue = [...checks];
const failed = [];
await Promise.all(
  Array.from({ length: Math.min(slots, queue.length) }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      if (!(await run(check))) failed.push(check.name);
    }
  }),
);
if (failed.length) {
  process.stdout.write(`check failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
