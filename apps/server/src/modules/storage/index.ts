import path from 'node:path';
import type { RegisterModule } from '../module.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage, type S3StorageOptions } from './s3-storage.ts';
import type { ObjectStorage } from './storage.ts';

export { LocalStorage } from './local-storage.ts';
export { S3Storage, s3ClientConfig, type S3StorageOptions } from './s3-storage.ts';
export * from './storage.ts';

export interface StorageConfig {
  dataDir: string;
  /** S3-compatible bucket settings, or null for the local folder DATA_DIR/storage. */
  s3: S3StorageOptions | null;
}

export function createStorage(config: StorageConfig): ObjectStorage {
  return config.s3
    ? new S3Storage(config.s3)
    : new LocalStorage(path.join(config.dataDir, 'storage'));
}

/** The object storage of models, derived files and avatars (no routes of its own). */
export const register: RegisterModule<
  { config: StorageConfig },
  { storage: ObjectStorage }
> = async (_app, deps) => ({ storage: createStorage(deps.config) });
