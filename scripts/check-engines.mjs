#!/usr/bin/env node
// Fails when an installed package's `engines.node` excludes the Node.js that runs this script
// (npm ci only warns with EBADENGINE). `npm run check`, and so `.ci/run`, runs it first.
// Usage: node scripts/check-engines.mjs [project-dir]   (default: the repository root)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '..', '..'));
const node = process.versions.node;

/** Every installed package, as listed by npm's hidden lockfile (or the lockfile as a fallback). */
function installedPackages() {
  for (const file of ['node_modules/.package-lock.json', 'package-lock.json']) {
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    return Object.keys(JSON.parse(text).packages ?? {}).filter((path) =>
      path.includes('node_modules/'),
    );
  }
  throw new Error(
    `check-engines: no node_modules/.package-lock.json or package-lock.json in ${root}`,
  );
}

const problems = [];
for (const path of installedPackages()) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, path, 'package.json'), 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') continue; // optional or other-platform package, not installed
    throw error;
  }
  const wanted = manifest.engines?.node;
  if (typeof wanted !== 'string' || wanted.trim() === '') continue;
  if (!semver.satisfies(node, wanted, { includePrerelease: true })) {
    problems.push(`${manifest.name}@${manifest.version} (${path}) wants node ${wanted}`);
  }
}

if (problems.length > 0) {
  console.error(
    `check-engines: Node.js ${node} is excluded by ${problems.length} installed package(s):`,
  );
  for (const line of problems) console.error(`  ${line}`);
  console.error(
    'Pin versions that support this Node (package.json "overrides") or run a newer Node.',
  );
  process.exit(1);
}
console.log(`check-engines: every installed package accepts Node.js ${node}`);
