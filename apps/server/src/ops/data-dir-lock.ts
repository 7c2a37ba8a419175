import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** DATA_DIR/server.pid: written by a server on the embedded database while it runs. */
export function pidFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

/** Marks DATA_DIR as in use by this process (removed on exit; a stale one names a dead pid). */
export function claimDataDir(dataDir: string): void {
  const file = pidFile(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => rmSync(file, { force: true }));
}

/** The pid of a live server on DATA_DIR, or null. */
export function runningServer(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but someone else's; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
