import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readBcf, type BcfArchive, type BcfProblem } from '@truss/bcf';
import { BCF_SHARED as SHARED } from '@truss/bcf/testing/xsd-validate';
import { describe, expect, it } from 'vitest';
import { normalizeTopic } from './normalize.ts';

const cases = (version: string) =>
  readdirSync(path.join(SHARED, version))
    .filter((file) => file.endsWith('.bcf'))
    .map((file) => [file, path.join(SHARED, version, file)] as const);

/**
 * The database takes every topic whole: made storable (normalizeTopic, as the import does) with
 * nothing reported, no two with one GUID; an import of the file skips nothing. The database round
 * trip itself runs on files that fill every field (routes.test.ts); reading and writing the
 * format is @truss/bcf's read-write.test.ts.
 */
function expectImportsWhole(archive: BcfArchive): void {
  const problems: BcfProblem[] = [];
  const guids = archive.topics.map((topic) => normalizeTopic(topic, problems).guid);
  expect(problems).toEqual([]);
  expect(new Set(guids).size).toBe(guids.length);
}

describe('BCF topics made storable', () => {
  for (const version of ['v3.0', 'v2.1']) {
    for (const [name, file] of cases(version)) {
      it(`${version} ${name}: imports whole`, () => {
        expectImportsWhole(readBcf(readFileSync(file)).archive);
      });
    }
  }
});
