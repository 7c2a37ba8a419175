// @vitest-environment node
import type * as nodeFs from 'node:fs';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { chunkGroups } from './chunk-groups';

/** The file a renamed probe reads as (a rule may look at what a module is: it imports zod). */
const probe = vi.hoisted(() => ({ original: '' }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof nodeFs>();
  const readFileSync = ((file: string, ...rest: never[]) =>
    fs.readFileSync(
      String(file).includes('zz-renamed') ? probe.original : file,
      ...rest,
    )) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

/**
 * The chunk rules follow folders and packages, never a file's name: renaming a component must
 * not move it to another chunk (issue 34). Every source file of the app and the packages, and
 * every file of the libraries the rules name, is matched against each group's `test` beside a
 * file of another name in the same folder; a rule that tells them apart names a file.
 */
const repo = fileURLToPath(new URL('../../../', import.meta.url));

function files(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const source = (name: string) => /\.tsx?$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name);
const modules = [
  ...files(path.join(repo, 'apps/web/src'), source),
  ...['contracts', 'viewer', 'viewable'].flatMap((p) =>
    files(path.join(repo, `packages/${p}/src`), source),
  ),
  ...files(path.join(repo, 'node_modules/lucide-react/dist/esm'), (n) => n.endsWith('.mjs')),
  ...files(path.join(repo, 'node_modules/zod/v4/core'), (n) => n.endsWith('.js')),
];

/** A file of another name beside `id`, with its extension. */
const renamed = (id: string) => path.join(path.dirname(id), `zz-renamed${path.extname(id)}`);

type Test = (typeof chunkGroups)[number]['test'];
function matches(test: Test, id: string): boolean {
  if (test === undefined) return true;
  if (typeof test === 'string') return id.includes(test);
  if (test instanceof RegExp) return test.test(id);
  return Boolean(test(id));
}

const groupName = (g: (typeof chunkGroups)[number]) =>
  typeof g.name === 'string' ? g.name : (g.debugName ?? '?');

describe('chunk groups', () => {
  it('sees the sources and libraries it probes', () => {
    // A wrong path would make the check below pass on nothing.
    expect(modules.filter((m) => m.includes('apps/web/src/features/')).length).toBeGreaterThan(200);
    expect(modules.filter((m) => m.includes('lucide-react')).length).toBeGreaterThan(1000);
  });

  it.each(chunkGroups.map((g) => [groupName(g), g]))(
    '%s follows folders and packages, not file names',
    (_name, group) => {
      const named = modules.filter((id) => {
        probe.original = id;
        return matches(group.test, id) !== matches(group.test, renamed(id));
      });
      expect(named.map((id) => path.relative(repo, id))).toEqual([]);
    },
  );

  it('names every group that is a function', () => {
    expect(chunkGroups.filter((g) => typeof g.name !== 'string' && !g.debugName)).toEqual([]);
  });
});
