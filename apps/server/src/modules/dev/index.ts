import type { DataAccess } from '../../repositories.ts';
import type { DevRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import { devRoutes } from './routes.ts';
import { DevService } from './service.ts';
export { createDevRepositories, type DevRepositories } from './repositories.ts';

/**
 * Development helpers (the mail outbox); app.ts registers them outside production only, when
 * DEV_ROUTES (by default: PUBLIC_URL on this machine) allows, and for local clients only unless
 * DEV_ROUTES=on.
 */
export const register: RegisterModule<
  { data: DataAccess<DevRepositories>; loopbackOnly: boolean },
  { dev: DevService }
> = async (app, deps) => {
  const dev = new DevService(deps.data);
  await app.register(devRoutes, { dev, loopbackOnly: deps.loopbackOnly });
  return { dev };
};
