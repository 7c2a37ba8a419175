import type { OrderRow } from '../../db/schema.ts';
import type { DataAccess } from '../../repositories.ts';
import type { PaymentsRepositories } from './repositories.ts';
import { OrderNotFoundError, OrderNotPaidError } from './errors.ts';
import { userAccounts } from '../users/index.ts';

/**
 * Records a refund made in the provider's merchant console (the operator command): the paid
 * order turns refunded, once, and the plan period it bought ends now (one that had not started
 * yet is removed). Periods bought by the user's other orders stay as they are.
 */
export async function refundOrder(
  data: DataAccess<PaymentsRepositories>,
  orderId: string,
  now: Date,
): Promise<OrderRow> {
  return data.transaction(async (repos) => {
    const order = await repos.payments.findOrderById(orderId);
    if (!order) throw new OrderNotFoundError(orderId);
    await userAccounts(repos).lock(order.user_id);
    const refunded = await repos.payments.refundOrder(orderId, now);
    if (!refunded) throw new OrderNotPaidError(order.status);
    return refunded;
  });
}
