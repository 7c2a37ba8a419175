import type { OrderRow } from '../../db/schema.ts';
import type { DataAccess } from '../../repositories.ts';
import { OrderNotFoundError, OrderNotPaidError } from './errors.ts';

/**
 * Records a refund made in the provider's merchant console (the operator command): the paid
 * order turns refunded, once, and the plan period it bought ends now (one that had not started
 * yet is removed). Periods bought by the user's other orders stay as they are.
 */
export async function refundOrder(data: DataAccess, orderId: string, now: Date): Promise<OrderRow> {
  return data.transaction(async (repos) => {
    const order = await repos.payments.findOrderById(orderId);
    if (!order) throw new OrderNotFoundError(orderId);
    await repos.payments.lockUser(order.user_id);
    const refunded = await repos.payments.refundOrder(orderId, now);
    if (!refunded) throw new OrderNotPaidError(order.status);
    return refunded;
  });
}
