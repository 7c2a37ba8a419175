import type { Executor } from '../../repositories.ts';
import { PaymentsRepository } from './repository.ts';
import { SandboxTradesRepository } from './sandbox/repository.ts';

/**
 * The payments module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createPaymentsRepositories(executor: Executor) {
  return {
    executor,
    payments: new PaymentsRepository(executor),
    paymentSandbox: new SandboxTradesRepository(executor),
  };
}

export type PaymentsRepositories = ReturnType<typeof createPaymentsRepositories>;
