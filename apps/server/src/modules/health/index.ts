import type { DatabaseHandle } from '../../db/database.ts';
import type { DataAccess } from '../../repositories.ts';
import type { HealthRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { healthRoutes } from './routes.ts';
import { HealthService } from './service.ts';
export { createHealthRepositories, type HealthRepositories } from './repositories.ts';

export interface HealthDeps {
  data: DataAccess<HealthRepositories>;
  engine: DatabaseHandle['engine'];
  version: string;
  /** Local storage folder readiness writes a probe file to; null (S3) skips that check. */
  probeDir?: string | null;
  /** The object store readiness pings (S3); null or absent: not checked. */
  storage?: ObjectStorage | null;
}

/** `GET /api/health`: the database answers, and which engine and server version run. */
export const register: RegisterModule<HealthDeps, { health: HealthService }> = async (
  app,
  deps,
) => {
  const health = new HealthService(
    deps.data,
    deps.engine,
    deps.version,
    deps.probeDir ?? null,
    deps.storage ?? null,
  );
  await app.register(healthRoutes, { health });
  return { health };
};
