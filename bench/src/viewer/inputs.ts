/**
 * The models bench:viewer opens: the three samples, or the files named in TRUSS_BENCH_FILES
 * (comma-separated absolute paths, each shown by its file name), so anyone can check Truss on
 * files it was never tuned on. Every file is checked before anything starts: a missing or
 * unreadable one is a clear error, not a failure half an hour into the run.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';

export interface Input {
  /** The model column's name: the sample's, or the given file's name. */
  name: string;
  file: string;
  /** Per load, for every viewer. */
  timeoutMs: number;
}

/** Per load for a file given in TRUSS_BENCH_FILES (its size unknown to the bench). */
export const GIVEN_FILE_TIMEOUT_MS = 300_000;

export function sampleInputs(samplesDir: string): Input[] {
  return [
    { name: 'Duplex', file: path.join(samplesDir, 'duplex.ifc'), timeoutMs: 120_000 },
    {
      name: 'Office_A',
      file: path.join(samplesDir, 'Office_A_20110811.ifc'),
      timeoutMs: 120_000,
    },
    {
      name: 'Mini_Project',
      file: path.join(samplesDir, 'ISSUE_021_Mini_Project.ifc'),
      timeoutMs: 180_000,
    },
  ];
}

/** TRUSS_BENCH_FILES's paths as inputs (unchecked); null when it is unset or blank. */
export function givenInputs(value: string | undefined): Input[] | null {
  const files = (value ?? '')
    .split(',')
    .map((file) => file.trim())
    .filter(Boolean);
  if (files.length === 0) return null;
  const names = new Map<string, string>();
  return files.map((file) => {
    if (!path.isAbsolute(file)) {
      throw new Error(`TRUSS_BENCH_FILES: "${file}" is not an absolute path`);
    }
    const name = path.basename(file);
    const same = names.get(name);
    // The contenders' harnesses serve and cache each model by its file name.
    if (same && same !== file) {
      throw new Error(`TRUSS_BENCH_FILES: ${same} and ${file} have the same file name`);
    }
    names.set(name, file);
    return { name, file, timeoutMs: GIVEN_FILE_TIMEOUT_MS };
  });
}

/** Throws, naming every file that is missing, not a file or not readable. */
export async function checkReadable(inputs: Input[], source: string): Promise<void> {
  const problems: string[] = [];
  for (const { file } of inputs) {
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      await access(file, constants.R_OK);
    } catch (error) {
      const reason =
        error instanceof Error && 'code' in error ? String(error.code) : (error as Error).message;
      problems.push(`${file} (${reason})`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`${source}: cannot read ${problems.join(', ')}`);
  }
}

/**
 * The models to open: TRUSS_BENCH_FILES's or the samples, each checked readable. A missing
 * sample names TRUSS_SAMPLES_DIR, a given file TRUSS_BENCH_FILES.
 */
export async function benchInputs(
  env: { TRUSS_BENCH_FILES?: string | undefined },
  samplesDir: string,
): Promise<Input[]> {
  const given = givenInputs(env.TRUSS_BENCH_FILES);
  const inputs = given ?? sampleInputs(samplesDir);
  await checkReadable(
    inputs,
    given ? 'TRUSS_BENCH_FILES' : `the sample models (${samplesDir}, TRUSS_SAMPLES_DIR)`,
  );
  return inputs;
}
