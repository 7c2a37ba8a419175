import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Health } from '@truss/contracts';
import type { DatabaseEngine } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { DatabaseUnavailableError } from '../../http/fault-errors.ts';

/** The file readiness writes and removes to prove DATA_DIR takes writes. */
export const READY_PROBE_FILE = '.ready-probe';
import type { DataAccess } from '../../repositories.ts';

export class HealthService {
  readonly #startedAt = process.hrtime.bigint();

  constructor(
    private readonly data: DataAccess,
    private readonly engine: DatabaseEngine,
    private readonly version: string,
    /** Local storage folder whose writability readiness checks; null for S3. */
    private readonly probeDir: string | null = null,
  ) {}

  /**
   * Ready to serve: the database takes a write transaction and the storage folder a file.
   * 503 otherwise (a load balancer then sends traffic elsewhere).
   */
  async ready(): Promise<Health> {
    try {
      await this.data.repos.health.writeProbe();
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
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
