import path from 'node:path';
import { backupDataDir, restoreDataDir } from './backup.ts';

/**
 * `npm run backup [-- <archive>]` and `npm run restore -- <archive>` on the embedded database
 * (DATA_DIR, default ./data). With DATABASE_URL set, PostgreSQL's own tools do the database part:
 * see docs/operations.md, Backup and restore.
 */
async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
  if (process.env.DATABASE_URL?.trim()) {
    throw new Error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and DATA_DIR/storage (or the S3 bucket) as docs/operations.md (Backup and restore) says',
    );
  }
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const archive = path.resolve(file ?? `truss-backup-${stamp}.tar.gz`);
    await backupDataDir(dataDir, archive);
    console.log(`backed up ${dataDir} to ${archive}`);
  } else if (command === 'restore' && file) {
    await restoreDataDir(path.resolve(file), dataDir);
    console.log(`restored ${file} into ${dataDir}`);
  } else {
    throw new Error('usage: backup [archive.tar.gz] | restore <archive.tar.gz>');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
