import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A first initdb takes seconds; one on a crowded machine may take a minute or more. */
const INIT_TIMEOUT_MS = 10 * 60_000;

/**
 * Creates the embedded database's files in `dir` (PGlite's initdb) when there are none yet, in a
 * short-lived child process. In the server's own process, initdb runs a second PGlite and the
 * initdb WASM module beside the server's instance, and the server would keep their memory (about
 * 300 MiB more RSS at rest): WASM memory never shrinks, and their garbage waits for a major GC
 * that an idle server does not run. Resolves to whether it created the files.
 */
export async function initPGliteDir(dir: string): Promise<boolean> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return false;
  // PGlite's CommonJS build, resolved here: the child needs no loader and no module resolution.
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = [
    `const { PGlite } = require(${JSON.stringify(pglite)});`,
    'const db = new PGlite(process.argv[1]);',
    'db.waitReady.then(() => db.close()).catch((error) => {',
    '  console.error(error);',
    '  process.exit(1);',
    '});',
  ].join('\n');
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', script, dir],
      { timeout: INIT_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error)
          reject(
            new Error(
              `initialising the embedded database in ${dir} failed: ${stderr || error.message}`,
              { cause: error },
            ),
          );
        else resolve();
      },
    );
  });
  return true;
}
