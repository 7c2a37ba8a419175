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

/** The object storage of models, derived files and avatars (no routes of its own). */
export const register: RegisterModule<
  { config: StorageConfig },
  { storage: ObjectStorage }
> = async (_app, deps) => ({ storage: await createStorage(deps.config) });
