// The repository as a newcomer meets it: its dependencies accept the Node.js the README names,
// `npm run check` (which .ci/run calls) refuses a package that does not, and the README's
// documentation links stay inside the repository.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const script = join(root, 'scripts', 'check-engines.mjs');
const temp = mkdtempSync(join(tmpdir(), 'truss-engines-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function fakeProject(name, engines) {
  const dir = join(temp, name);
  const pkg = join(dir, 'node_modules', 'wants-node');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: 'wants-node', version: '1.0.0', engines }),
  );
  const lock = {
    lockfileVersion: 3,
    packages: { '': {}, 'node_modules/wants-node': { version: '1.0.0' } },
  };
  writeFileSync(join(dir, 'node_modules', '.package-lock.json'), JSON.stringify(lock));
  return dir;
}

describe('check-engines', () => {
  it('passes on this checkout: every installed package accepts the running Node', () => {
    const out = execFileSync(process.execPath, [script], { encoding: 'utf8' });
    expect(out).toContain(`accepts Node.js ${process.versions.node}`);
  });

  it('fails, naming the package, when an installed package wants a newer Node', () => {
    const dir = fakeProject('too-new', {
      node: `>=${Number(process.versions.node.split('.')[0]) + 1}`,
    });
    const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('wants-node@1.0.0');
  });

  it('passes a package whose range includes the running Node', () => {
    const dir = fakeProject('fits', { node: `>=${process.versions.node.split('.')[0]}` });
    expect(spawnSync(process.execPath, [script, dir]).status).toBe(0);
  });

  it('runs first in npm run check, which .ci/run calls', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.scripts.check).toMatch(/^node scripts\/check-engines\.mjs && /);
    expect(readFileSync(join(root, '.ci', 'run'), 'utf8')).toMatch(/^npm run check$/m);
  });

  it('the README names a Node the lockfile accepts', async () => {
    const { default: semver } = await import('semver');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const named = /Requires Node\.js (\d+\.\d+)\+/.exec(readme)?.[1];
    expect(named).toBeDefined();
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const refusing = Object.entries(lock.packages)
      .filter(
        ([, entry]) => entry.engines?.node && !semver.satisfies(`${named}.0`, entry.engines.node),
      )
      .map(([path]) => path);
    expect(refusing).toEqual([]);
  });
});

describe('documentation', () => {
  it('the README links only to files inside the repository, and they exist', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)]
      .map((m) => m[1])
      .filter((l) => !/^[a-z]+:/.test(l));
    expect(links).toContain('docs/design.md');
    expect(links).toContain('docs/product-spec.md');
    for (const link of links) {
      expect(resolve(root, link).startsWith(root + '/'), link).toBe(true);
      expect(existsSync(join(root, link)), link).toBe(true);
    }
  });

  it('the pages the README sends to link only to files that exist', () => {
    const pages = ['docs/design.md', 'docs/configuration.md', 'docs/operations.md'];
    pages.push('docs/models.md', 'docs/testing.md', 'docs/memory.md', 'bench/README.md');
    for (const page of pages) {
      const text = readFileSync(join(root, page), 'utf8');
      const links = [...text.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)]
        .map((m) => m[1])
        .filter((l) => !/^[a-z]+:/.test(l));
      for (const link of links) {
        const target = resolve(root, dirname(page), link);
        expect(target.startsWith(root + '/'), `${page}: ${link}`).toBe(true);
        expect(existsSync(target), `${page}: ${link}`).toBe(true);
      }
    }
  });
});

describe('Chinese texts', () => {
  it('address the user with 您 everywhere: no 你 in any source, locale or mail template (tests aside)', () => {
    const files = execFileSync('git', ['ls-files', 'apps', 'packages', 'e2e'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx|json|html|mjs)$/.test(f) && !/\.test\./.test(f))
      .filter((f) => existsSync(join(root, f)));
    const offending = files.filter((f) => readFileSync(join(root, f), 'utf8').includes('你'));
    expect(offending).toEqual([]);
  });
});
