import path from 'node:path';
import type { RegisterModule } from '../module.ts';
import { LocalStorage } from './local-storage.ts';
import type { S3StorageOptions } from './s3-storage.ts';
import type { ObjectStorage } from './storage.ts';

export { LocalStorage } from './local-storage.ts';
export type { S3StorageOptions } from './s3-storage.ts';
export * from './storage.ts';

/**
 * The S3 side (S3Storage, s3ClientConfig), loaded only when a bucket is configured: the AWS SDK
 * is about 20 MiB of the server's memory that a server on its local folder never uses.
 */
export const loadS3 = () => import('./s3-storage.ts');

export interface StorageConfig {
  dataDir: string;
  /** S3-compatible bucket settings, or null for the local folder DATA_DIR/storage. */
  s3: S3StorageOptions | null;
}

export async function createStorage(config: StorageConfig): Promise<ObjectStorage> {
  return config.s3
    ? new (await loadS3()).S3Storage(config.s3)
    : new LocalStorage(path.join(config.dataDir, 'storage'));
}

/** How long start-up waits for the bucket check before going on (readiness reports it then). */
const BUCKET_CHECK_MS = 10_000;

/**
 * Creates the bucket when it is missing (said in the log). A store that is down, or a key not
 * allowed to create buckets, is logged and start-up goes on: /api/health/ready answers 503
 * STORAGE_UNAVAILABLE until the bucket answers.
 */
export async function ensureBucket(
  storage: ObjectStorage,
  bucket: string,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<void> {
  if (!storage.ensureBucket) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    const outcome = await Promise.race([
      storage.ensureBucket(),
      new Promise<'timeout'>(
        (resolve) => (timer = setTimeout(() => resolve('timeout'), BUCKET_CHECK_MS)),
      ),
    ]);
    // Instances starting together all find it missing; on Ceph (and AWS us-east-1) each one's
    // CreateBucket then succeeds, so none can tell whether it was first.
    if (outcome === 'created') {
      log.info(
        { bucket },
        'S3 bucket was missing: created it (or an instance starting with this one did)',
      );
    }
    if (outcome === 'created-elsewhere') {
      log.info({ bucket }, 'S3 bucket was missing: another instance created it meanwhile');
    }
    if (outcome === 'timeout') {
      log.warn({ bucket }, `S3 bucket check took over ${BUCKET_CHECK_MS} ms; going on without it`);
    }
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    log.warn(
      { bucket, err: error },
      status === 403 || e.name === 'AccessDenied'
        ? `S3 bucket ${bucket} is missing or not ours, and these credentials may not create it: create it, or give the key s3:CreateBucket`
        : `S3 bucket ${bucket} could not be checked or created (${e.name ?? 'error'}); uploads and downloads answer 503 STORAGE_UNAVAILABLE until it answers`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The object storage of models, derived files and avatars (no routes of its own). */
export const register: RegisterModule<
  { config: StorageConfig },
  { storage: ObjectStorage }
> = async (app, deps) => {
  const storage = await createStorage(deps.config);
  if (deps.config.s3) await ensureBucket(storage, deps.config.s3.bucket, app.log);
  return { storage };
};
