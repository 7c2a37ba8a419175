import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Health } from '@truss/contracts';
import type { DatabaseEngine } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { DatabaseUnavailableError } from '../../http/fault-errors.ts';

/** The file readiness writes and removes to prove DATA_DIR takes writes. */
export const READY_PROBE_FILE = '.ready-probe';
import type { DataAccess } from '../../repositories.ts';
import type { HealthRepositories } from './repositories.ts';
import type { ObjectStorage } from '../storage/index.ts';

/** How long the object store's answer to readiness is reused (probes come every few seconds). */
const STORE_CHECK_CACHE_MS = 1_500;
/** How long readiness waits for the object store. */
const STORE_CHECK_TIMEOUT_MS = 2_000;

export class HealthService {
  readonly #startedAt = process.hrtime.bigint();

  constructor(
    private readonly data: DataAccess<HealthRepositories>,
    private readonly engine: DatabaseEngine,
    private readonly version: string,
    /** Local storage folder whose writability readiness checks; null for S3. */
    private readonly probeDir: string | null = null,
    /** The object store readiness pings (S3: HEAD bucket); null or local: not pinged. */
    private readonly storage: ObjectStorage | null = null,
  ) {}

  #storeCheck: { at: number; result: Promise<void> } | null = null;

  /** The object store answers (HEAD bucket), asked at most every 1.5 s. */
  #storeReady(): Promise<void> {
    const ping = this.storage?.ping?.bind(this.storage);
    if (!ping) return Promise.resolve();
    const now = Date.now();
    if (!this.#storeCheck || now - this.#storeCheck.at > STORE_CHECK_CACHE_MS) {
      const result = ping(STORE_CHECK_TIMEOUT_MS);
      result.catch(() => undefined);
      this.#storeCheck = { at: now, result };
    }
    return this.#storeCheck.result;
  }

  /**
   * Ready to serve: the database takes a write transaction, and the storage folder a file or
   * the S3 bucket answers. 503 otherwise, naming the part that is down (DATABASE_UNAVAILABLE,
   * STORAGE_UNAVAILABLE, SERVICE_UNAVAILABLE for the folder); a load balancer then sends
   * traffic elsewhere.
   */
  async ready(): Promise<Health> {
    try {
      await this.data.repos.health.writeProbe();
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
    await this.#storeReady();
    if (this.probeDir) {
      const probe = path.join(this.probeDir, READY_PROBE_FILE);
      try {
        await writeFile(probe, String(Date.now()));
        await rm(probe, { force: true });
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', 503, {
          headers: { 'retry-after': '30' },
          detail: 'storage folder cannot be written',
          cause: error,
        });
      }
    }
    return this.check();
  }

  /** ok when the database answers; 503 SERVICE_UNAVAILABLE otherwise. */
  async check(): Promise<Health> {
    try {
      await this.data.repos.health.ping();
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', 503, {
        detail: 'database ping failed',
        cause: error,
      });
    }
    const uptimeSeconds = Number(process.hrtime.bigint() - this.#startedAt) / 1e9;
    return {
      status: 'ok',
      version: this.version,
      database: this.engine,
      uptimeSeconds: Math.round(uptimeSeconds * 1000) / 1000,
    };
  }
}
