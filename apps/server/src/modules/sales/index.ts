import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { SalesRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import { salesRoutes } from './routes.ts';
import { SalesService } from './service.ts';

export { SalesService } from './service.ts';
export { createSalesRepositories, type SalesRepositories } from './repositories.ts';

export interface SalesDeps {
  data: DataAccess<SalesRepositories>;
  mailer: Mailer;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
  publicUrl: string;
  /** SALES_EMAIL; null or unset: requests are recorded only. */
  salesEmail?: string | null;
}

/** Enterprise "Contact sales" requests: recorded and mailed to the sales address. */
export const register: RegisterModule<SalesDeps, { sales: SalesService }> = async (app, deps) => {
  const sales = new SalesService({
    data: deps.data,
    mailer: deps.mailer,
    now: deps.now,
    log: app.log,
    publicUrl: deps.publicUrl,
    salesEmail: deps.salesEmail ?? null,
  });
  await app.register(salesRoutes, { sales, requireAuth: deps.requireAuth });
  return { sales };
};
