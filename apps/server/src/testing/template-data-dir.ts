import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startChildServer } from './child-server.ts';
import { templateKey } from './pglite-template.ts';

/**
 * A DATA_DIR whose PGlite database is created and migrated: a server started on a copy of it
 * skips initdb and the migrations (about 8 of its 15 s start on two cores), as a restarted server
 * does. Made once per PGlite version and migration set (a changed migration makes a new one) by
 * starting and stopping the built server on an empty folder; kept in the temp folder between
 * runs. The first start on an empty DATA_DIR is tested by built-server.test.ts.
 */
let template: Promise<string> | undefined;

function templateDataDir(): Promise<string> {
  template ??= (async () => {
    const dir = path.join(tmpdir(), `truss-datadir-${await templateKey()}`);
    if (existsSync(path.join(dir, '.complete'))) return dir;
    const scratch = await mkdtemp(path.join(tmpdir(), 'truss-datadir-'));
    const server = await startChildServer({ DATA_DIR: scratch });
    await server.stop();
    await writeFile(path.join(scratch, '.complete'), '');
    // another run (or test file) may have made it meanwhile: theirs is as good
    await rename(scratch, dir).catch(() => rm(scratch, { recursive: true, force: true }));
    return dir;
  })();
  return template;
}

/** Fills `dataDir` (empty) with a copy of the migrated template: a started server's DATA_DIR. */
export async function copyTemplateDataDir(dataDir: string): Promise<void> {
  await cp(await templateDataDir(), dataDir, { recursive: true });
}
