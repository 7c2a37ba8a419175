// build-node.mjs, which `npm start` and `npx truss-convert` run before the built JavaScript:
// TypeScript with `.ts` imports becomes plain ESM that Node runs, packages stay external, and a
// second call builds only when a source (or an entry point) changed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNode } from './build-node.mjs';

const temp = mkdtempSync(join(tmpdir(), 'truss-build-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Writes a source a little after the last build started (the check compares times). */
async function write(file, text) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  mkdirSync(join(temp, file, '..'), { recursive: true });
  writeFileSync(join(temp, file), text);
}

const options = (entryPoints) => ({
  root: temp,
  outdir: 'dist',
  entryPoints,
  configFile: join(temp, 'build.mjs'),
});
const runBuilt = (file) =>
  execFileSync(process.execPath, [join(temp, 'dist', file)], { encoding: 'utf8' });

describe('build-node (esbuild, only when stale)', () => {
  it('bundles .ts sources into JavaScript that plain Node runs, keeping packages external', async () => {
    await write('build.mjs', '// the caller\n');
    await write('src/greeting.ts', "export const greeting: string = 'hello';\n");
    await write(
      'src/main.ts',
      "import { basename } from 'node:path';\nimport { greeting } from './greeting.ts';\n" +
        "const lazy = await import('./lazy.ts');\n" +
        'console.log(`${greeting} ${lazy.word} ${basename(import.meta.url)}`);\n',
    );
    await write('src/lazy.ts', "export const word = 'world';\n");
    expect(await buildNode(options({ main: 'src/main.ts' }))).toBe(true);
    expect(runBuilt('main.js').trim()).toBe('hello world main.js');
    expect(readFileSync(join(temp, 'dist', 'main.js'), 'utf8')).toMatch(/from\s*"node:path"/);
  });

  it('does nothing while the output is fresh, and rebuilds after a source changes', async () => {
    expect(await buildNode(options({ main: 'src/main.ts' }))).toBe(false);
    await write('src/lazy.ts', "export const word = 'again';\n");
    expect(await buildNode(options({ main: 'src/main.ts' }))).toBe(true);
    expect(runBuilt('main.js').trim()).toBe('hello again main.js');
    expect(await buildNode(options({ main: 'src/main.ts' }))).toBe(false);
  });

  it('rebuilds for a new entry point and when the calling build script changes', async () => {
    await write('src/other.ts', "console.log('other');\n");
    const both = { main: 'src/main.ts', other: 'src/other.ts' };
    expect(await buildNode(options(both))).toBe(true);
    expect(runBuilt('other.js').trim()).toBe('other');
    expect(await buildNode(options(both))).toBe(false);
    await write('build.mjs', '// the caller, edited\n');
    expect(await buildNode(options(both))).toBe(true);
  });
});
