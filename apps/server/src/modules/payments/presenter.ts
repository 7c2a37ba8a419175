import type { Order } from '@truss/contracts';
import type { OrderRow } from '../../db/schema.ts';

/**
 * The API's order. A pending order past its expiry reads as expired even before the sweep has
 * closed it; pay codes are shown only while it can still be paid.
 */
export function presentOrder(row: OrderRow, now: Date): Order {
  const expired = row.status === 'pending' && row.expires_at <= now;
  const payable = row.status === 'pending' && !expired;
  return {
    id: row.id,
    order_no: row.order_no,
    plan_id: row.plan_id,
    plan_period: row.plan_period,
    amount: row.amount_fen,
    currency: row.currency,
    status: expired ? 'expired' : row.status,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
    provider: row.provider,
    pay_codes: payable
      ? {
          wechat: row.wechat_code_url ? { code_url: row.wechat_code_url } : null,
          alipay: row.alipay_qr_code ? { qr_code: row.alipay_qr_code } : null,
        }
      : null,
  };
}
