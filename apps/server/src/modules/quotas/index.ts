import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { QuotasRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import { Quotas, type QuotaLimits } from './service.ts';

export { QuotaExceededError } from './errors.ts';
export { createQuotasRepositories, type QuotasRepositories } from './repositories.ts';
export {
  DEFAULT_QUOTA_LIMITS,
  INVITATION_MAILS_PER_ADDRESS_DAY,
  Quotas,
  type QuotaLimits,
} from './service.ts';

export interface QuotasDeps {
  data: DataAccess<QuotasRepositories>;
  now: Clock;
  /** null: every cap off (test servers, NO_CAPS=1). */
  limits: QuotaLimits | null;
}

/** Caps per caller on e-mail checks, sign-ups and invitation mails (no routes of its own). */
export const register: RegisterModule<QuotasDeps, { quotas: Quotas }> = async (_app, deps) => {
  return { quotas: new Quotas(deps.data, deps.now, deps.limits) };
};
