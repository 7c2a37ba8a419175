import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow, PaymentProviderName } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { PaymentsRepositories } from './repositories.ts';
import { CallbackRejectedError } from './errors.ts';
import type { IncomingCallback, PaymentProviderAdapter } from './providers/types.ts';
import { nextPeriod } from './subscription-periods.ts';
import { userAccounts } from '../users/index.ts';

type CallbackOutcome = 'activated' | 'already_paid' | 'ignored' | 'rejected';

interface CallbackResult {
  outcome: CallbackOutcome;
  reason?: CallbackRejectedError['reason'];
}

interface SettlementDeps {
  data: DataAccess<PaymentsRepositories>;
  providers: ReadonlyMap<PaymentProviderName, PaymentProviderAdapter>;
  now: Clock;
  log: FastifyBaseLogger;
}

/** Pending orders older than this are asked about actively (their callback may be late). */
const QUERY_AFTER_MS = 60_000;

/**
 * Everything that turns money into a plan: verified callbacks, active queries and expiry.
 * Activation is one conditional UPDATE (pending|expired|cancelled -> paid) in the same
 * transaction as the period it buys, so any number of callbacks and queries activate once.
 */
export class OrderSettlement {
  constructor(private readonly deps: SettlementDeps) {}

  provider(name: PaymentProviderName): PaymentProviderAdapter | undefined {
    return this.deps.providers.get(name);
  }

  /** Verifies and applies one notify request; every request is stored with its outcome. */
  async handleCallback(
    name: PaymentProviderName,
    incoming: IncomingCallback,
  ): Promise<CallbackResult> {
    const { data, now, log } = this.deps;
    const adapter = this.deps.providers.get(name);
    const store = (outcome: CallbackOutcome, extra: Record<string, string | null> = {}) => ({
      provider: name,
      headers: JSON.stringify(pickHeaders(incoming.headers)),
      body: incoming.rawBody.slice(0, 64 * 1024),
      outcome,
      received_at: now(),
      ...extra,
    });
    const reject = async (error: CallbackRejectedError, orderNo: string | null = null) => {
      await data.repos.payments.insertCallback(
        store('rejected', { reason: error.reason, order_no: orderNo }),
      );
      log.warn({ provider: name, reason: error.reason, detail: error.message }, 'callback refused');
      return { outcome: 'rejected' as const, reason: error.reason };
    };

    if (!adapter) return reject(new CallbackRejectedError('unknown_key', 'provider is off'));
    let verified;
    try {
      verified = adapter.verifyCallback(incoming, now());
    } catch (error) {
      if (error instanceof CallbackRejectedError) return reject(error);
      throw error;
    }
    const ids = { notification_id: verified.notificationId, order_no: verified.orderNo };
    if (!verified.paid) {
      await data.repos.payments.insertCallback(store('ignored', ids));
      return { outcome: 'ignored' };
    }
    const order = await data.repos.payments.findOrderByNo(verified.orderNo);
    if (!order) return reject(new CallbackRejectedError('unknown_order'), verified.orderNo);
    if (verified.amountFen !== order.amount_fen) {
      return reject(
        new CallbackRejectedError(
          'amount_mismatch',
          `${verified.amountFen} != ${order.amount_fen}`,
        ),
        verified.orderNo,
      );
    }
    const outcome = await data.transaction(async (repos) => {
      const activated = await this.activate(repos, order, name, verified.tradeNo, verified.paidAt);
      const result: CallbackOutcome = activated ? 'activated' : 'already_paid';
      const paidBy = activated ? name : (await repos.payments.findOrderById(order.id))?.provider;
      // The payer paid both QR codes: recorded for an operator's refund.
      const reason = paidBy && paidBy !== name ? 'double_payment' : null;
      if (reason) log.error({ orderNo: order.order_no, provider: name }, 'paid twice: refund');
      // Stored in the same transaction: the provider hears "success" only once it is recorded.
      await repos.payments.insertCallback(store(result, { ...ids, reason }));
      return result;
    });
    if (outcome === 'activated') await this.closeOthers(order, name);
    return { outcome };
  }

  /** Once one provider took the money, the other QR code must not take it again. */
  private async closeOthers(order: OrderRow, paidWith: PaymentProviderName): Promise<void> {
    for (const adapter of this.deps.providers.values()) {
      if (adapter.name === paidWith) continue;
      await adapter.close(order.order_no).catch((error: unknown) => {
        this.deps.log.warn({ err: error, provider: adapter.name }, 'close after payment failed');
      });
    }
  }

  /**
   * Marks the order paid and inserts the period it buys; false if it was paid (or refunded)
   * already. Run inside `data.transaction`.
   */
  async activate(
    repos: PaymentsRepositories,
    order: OrderRow,
    provider: PaymentProviderName,
    tradeNo: string | null,
    paidAt: Date,
  ): Promise<boolean> {
    // Serialises the user's order and activation steps.
    await userAccounts(repos).lock(order.user_id);
    const paid = await repos.payments.markPaid(order.order_no, { provider, tradeNo, paidAt });
    if (!paid) return false;
    if (order.status !== 'pending') {
      this.deps.log.warn(
        { orderNo: order.order_no, status: order.status, provider },
        'payment for an order that was no longer pending: honoured',
      );
    }
    const now = this.deps.now();
    const period = await nextPeriod(repos, paid.user_id, paid.plan_id, paid.plan_period, now);
    await repos.payments.insertPeriod({
      user_id: paid.user_id,
      order_id: paid.id,
      plan_id: paid.plan_id,
      plan_period: paid.plan_period,
      starts_at: period.startsAt,
      ends_at: period.endsAt,
      created_at: now,
    });
    return true;
  }

  /**
   * Asks every provider about a pending order (the callback may be late or lost) and activates
   * it if one was paid the right amount; a pending order past its expiry is then closed with the
   * providers and marked expired. Answers the order as it is afterwards.
   */
  async settle(order: OrderRow): Promise<OrderRow> {
    if (order.status !== 'pending') return order;
    const { data, log } = this.deps;
    for (const adapter of this.deps.providers.values()) {
      try {
        const trade = await adapter.query(order.order_no);
        if (trade.state === 'paid' && trade.amountFen === order.amount_fen) {
          const activated = await data.transaction((repos) =>
            this.activate(
              repos,
              order,
              adapter.name,
              trade.tradeNo,
              trade.paidAt ?? this.deps.now(),
            ),
          );
          if (activated) await this.closeOthers(order, adapter.name);
          return (await data.repos.payments.findOrderById(order.id)) ?? order;
        }
      } catch (error) {
        log.warn({ err: error, provider: adapter.name, orderNo: order.order_no }, 'query failed');
      }
    }
    if (order.expires_at > this.deps.now()) return order;
    return (await this.closeEverywhere(order, 'expired')) ?? order;
  }

  /**
   * Closes the trade with every provider, then marks the order; undefined if it was no longer
   * pending (a payment won the race).
   */
  async closeEverywhere(
    order: OrderRow,
    status: 'expired' | 'cancelled',
  ): Promise<OrderRow | undefined> {
    for (const adapter of this.deps.providers.values()) {
      try {
        await adapter.close(order.order_no);
      } catch (error) {
        // A close that fails (paid meanwhile, or the provider is down) is settled later: a
        // payment that still arrives is honoured.
        this.deps.log.warn(
          { err: error, provider: adapter.name, orderNo: order.order_no },
          'close failed',
        );
      }
    }
    const closed = await this.deps.data.repos.payments.closeOrder(
      order.id,
      status,
      this.deps.now(),
    );
    if (closed) return closed;
    return this.deps.data.repos.payments.findOrderById(order.id);
  }

  /**
   * One pass over pending orders: expired ones are settled (query, then close), and ones older
   * than a minute are asked about. Returns how many orders were looked at.
   */
  async reconcile(limit = 100): Promise<number> {
    const pending = await this.deps.data.repos.payments.listPendingOrders(limit);
    const now = this.deps.now().getTime();
    let looked = 0;
    for (const order of pending) {
      if (order.expires_at.getTime() <= now || now - order.created_at.getTime() >= QUERY_AFTER_MS) {
        looked += 1;
        await this.settle(order);
      }
    }
    return looked;
  }
}

/** The headers worth keeping with a stored callback (never cookies or authorization). */
function pickHeaders(headers: IncomingCallback['headers']): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !/^(wechatpay-|content-type$|user-agent$)/i.test(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}
