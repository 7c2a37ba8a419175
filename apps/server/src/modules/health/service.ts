import type { Health } from '@truss/contracts';
import type { DatabaseEngine } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { DataAccess } from '../../repositories.ts';

export class HealthService {
  readonly #startedAt = process.hrtime.bigint();

  constructor(
    private readonly data: DataAccess,
    private readonly engine: DatabaseEngine,
    private readonly version: string,
  ) {}

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
