import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchInputs, GIVEN_FILE_TIMEOUT_MS, givenInputs } from './inputs.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'truss-bench-inputs-'));
  await writeFile(path.join(dir, 'a.ifc'), 'ISO-10303-21;');
  await writeFile(path.join(dir, 'b house.ifc'), 'ISO-10303-21;');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the models bench:viewer opens', () => {
  it('takes TRUSS_BENCH_FILES in place of the samples, named by file name', async () => {
    const a = path.join(dir, 'a.ifc');
    const b = path.join(dir, 'b house.ifc');
    expect(await benchInputs({ TRUSS_BENCH_FILES: ` ${a},${b} ,` }, '/no/samples')).toEqual([
      { name: 'a.ifc', file: a, timeoutMs: GIVEN_FILE_TIMEOUT_MS },
      { name: 'b house.ifc', file: b, timeoutMs: GIVEN_FILE_TIMEOUT_MS },
    ]);
  });

  it('opens the samples when it is unset or blank', async () => {
    await writeFile(path.join(dir, 'duplex.ifc'), '');
    await writeFile(path.join(dir, 'Office_A_20110811.ifc'), '');
    await writeFile(path.join(dir, 'ISSUE_021_Mini_Project.ifc'), '');
    for (const env of [{}, { TRUSS_BENCH_FILES: ' , ' }]) {
      const inputs = await benchInputs(env, dir);
      expect(inputs.map((input) => input.name)).toEqual(['Duplex', 'Office_A', 'Mini_Project']);
    }
  });

  it('names the missing, unreadable or folder paths before anything starts', async () => {
    const missing = path.join(dir, 'missing.ifc');
    await expect(
      benchInputs({ TRUSS_BENCH_FILES: `${path.join(dir, 'a.ifc')},${missing},${dir}` }, ''),
    ).rejects.toThrow(`TRUSS_BENCH_FILES: cannot read ${missing} (ENOENT), ${dir} (not a file)`);
    if (process.getuid?.() !== 0) {
      const locked = path.join(dir, 'locked.ifc');
      await writeFile(locked, '');
      await chmod(locked, 0o000);
      await expect(benchInputs({ TRUSS_BENCH_FILES: locked }, '')).rejects.toThrow(
        `cannot read ${locked} (EACCES)`,
      );
    }
  });

  it('names a missing sample and where samples are read from', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'truss-bench-no-samples-'));
    try {
      await expect(benchInputs({}, empty)).rejects.toThrow(
        `the sample models (${empty}, TRUSS_SAMPLES_DIR): cannot read ${path.join(empty, 'duplex.ifc')} (ENOENT)`,
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('refuses relative paths and two files of the same name', () => {
    expect(() => givenInputs('models/a.ifc')).toThrow('"models/a.ifc" is not an absolute path');
    expect(() => givenInputs('/x/a.ifc,/y/a.ifc')).toThrow(
      '/x/a.ifc and /y/a.ifc have the same file name',
    );
  });
});
