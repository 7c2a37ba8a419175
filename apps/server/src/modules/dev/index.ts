import type { DataAccess } from '../../repositories.ts';
import type { RegisterModule } from '../module.ts';
import { devRoutes } from './routes.ts';
import { DevService } from './service.ts';

/** Development helpers (the mail outbox); app.ts registers them outside production only. */
export const register: RegisterModule<{ data: DataAccess }, { dev: DevService }> = async (
  app,
  deps,
) => {
  const dev = new DevService(deps.data);
  await app.register(devRoutes, { dev });
  return { dev };
};
