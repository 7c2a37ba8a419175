// @vitest-environment node
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkGroups } from './chunk-groups';

/**
 * The chunk rules follow folders and packages, never a file's name: renaming a component must
 * not move it to another chunk (issue 34). Every source file of the app and the packages, and
 * every file of the libraries the rules name, is matched against each group's `test` beside a
 * file of another name in the same folder; a rule that tells them apart names a file.
 */
const repo = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The contracts' groups, which still tell files apart (by name, and by whether they import zod):
 * the sign-in pages' texts, locales and auth rules beside the other contracts, and the two event
 * modules. Their files are to move to folders of their own (issue 34); no other group may join.
 */
const NAMING_FILES = new Set(['event-schemas', 'contracts', 'contract-rules']);

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

  it.each(chunkGroups.filter((g) => !NAMING_FILES.has(groupName(g))).map((g) => [groupName(g), g]))(
    '%s follows folders and packages, not file names',
    (_name, group) => {
      const named = modules.filter(
        (id) => matches(group.test, id) !== matches(group.test, renamed(id)),
      );
      expect(named.map((id) => path.relative(repo, id))).toEqual([]);
    },
  );

  it('names every group that is a function', () => {
    expect(chunkGroups.filter((g) => typeof g.name !== 'string' && !g.debugName)).toEqual([]);
  });
});
