import { randomBytes } from 'node:crypto';
import {
  CURRENCY,
  MAX_OPEN_ORDERS,
  ORDER_TTL_SECONDS,
  type ConfirmSubscriptionBody,
  type CreateOrderBody,
  type Order,
  type PlanPeriod,
  type UserSubscription,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow, PaymentProviderName } from '../../db/schema.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { PaymentsRepositories } from './repositories.ts';
import { findPlan, type SubscriptionsService } from '../subscriptions/index.ts';
import {
  CurrencyNotSupportedError,
  OrderNotFoundError,
  OrderNotPendingError,
  PaymentMismatchError,
  PaymentNotFoundError,
  PaymentsUnavailableError,
  PlanNotOrderableError,
  TooManyOpenOrdersError,
} from './errors.ts';
import { beijingTimeText, priceInFen } from './periods.ts';
import { presentOrder } from './presenter.ts';
import type { OrderSettlement } from './settlement.ts';
import { userAccounts } from '../users/index.ts';

interface PaymentsServiceDeps {
  data: DataAccess<PaymentsRepositories>;
  settlement: OrderSettlement;
  subscriptions: SubscriptionsService;
  now: Clock;
  log: FastifyBaseLogger;
  /** Base of the notify URLs the providers call back. */
  publicUrl: string;
}

/** `T` + China time to the second + 10 random hex: unique, sortable, valid for both providers. */
function newOrderNo(now: Date): string {
  const stamp = beijingTimeText(now).replace(/\D/g, '');
  return `T${stamp}${randomBytes(5).toString('hex').toUpperCase()}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Orders (create, read, cancel) and the client's subscription confirmation. */
export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceDeps) {}

  /** The providers that are on (real or sandboxed), in the order the pay page shows them. */
  get providers(): PaymentProviderName[] {
    return (['wechat', 'alipay'] as const).filter((name) => this.deps.settlement.provider(name));
  }

  /**
   * Spec §5 "Enterprise period forced to yearly": enterprise is sold per year only, so a monthly
   * enterprise order is turned into a yearly one (the client is told by the answer's period).
   */
  async createOrder(userId: string, body: CreateOrderBody): Promise<Order> {
    const { data, now, settlement } = this.deps;
    if (body.currency !== CURRENCY) throw new CurrencyNotSupportedError(body.currency);
    if (body.plan_id === 'free') throw new PlanNotOrderableError('the free plan is not sold');
    const plan = findPlan(body.plan_id);
    const period: PlanPeriod = plan.id === 'enterprise' ? 'yearly' : body.plan_period;
    const amountFen = priceInFen(plan, period);
    if (amountFen === null) throw new PlanNotOrderableError(`${plan.id} ${period} is not on sale`);
    if (this.providers.length === 0) throw new PaymentsUnavailableError('no provider is on');

    const createdAt = now();
    const order = await data.transaction(async (repos) => {
      await userAccounts(repos).lock(userId);
      if ((await repos.payments.countOpenOrders(userId, createdAt)) >= MAX_OPEN_ORDERS) {
        throw new TooManyOpenOrdersError();
      }
      return repos.payments.insertOrder({
        order_no: newOrderNo(createdAt),
        user_id: userId,
        plan_id: plan.id as OrderRow['plan_id'],
        plan_period: period,
        amount_fen: amountFen,
        currency: CURRENCY,
        created_at: createdAt,
        expires_at: addSeconds(createdAt, ORDER_TTL_SECONDS),
      });
    });

    const request = {
      orderNo: order.order_no,
      amountFen,
      description: `Truss ${plan.name} (${period})`,
      expiresAt: order.expires_at,
    };
    const [wechat, alipay] = await Promise.allSettled(
      (['wechat', 'alipay'] as const).map(async (name) => {
        const adapter = settlement.provider(name);
        if (!adapter) return null;
        return adapter.createPayCode({ ...request, notifyUrl: this.notifyUrl(name) });
      }),
    );
    for (const [name, result] of [
      ['wechat', wechat],
      ['alipay', alipay],
    ] as const) {
      if (result?.status === 'rejected') {
        this.deps.log.error({ err: result.reason, provider: name }, 'pay code not created');
      }
    }
    const codes = {
      wechat_code_url: wechat?.status === 'fulfilled' ? wechat.value : null,
      alipay_qr_code: alipay?.status === 'fulfilled' ? alipay.value : null,
    };
    if (!codes.wechat_code_url && !codes.alipay_qr_code) {
      await data.repos.payments.closeOrder(order.id, 'cancelled', now());
      throw new PaymentsUnavailableError('no provider made a pay code');
    }
    const stored = (await data.repos.payments.setPayCodes(order.id, codes)) ?? order;
    return presentOrder(stored, now());
  }

  notifyUrl(provider: PaymentProviderName): string {
    return `${this.deps.publicUrl}/api/payments/${provider}/notify`;
  }

  async listOrders(userId: string): Promise<Order[]> {
    const rows = await this.deps.data.repos.payments.listOrdersForUser(userId);
    const now = this.deps.now();
    return rows.map((row) => presentOrder(row, now));
  }

  /**
   * One order of the caller. A pending order past its expiry is settled first (asked about,
   * then closed with the providers), so what the pay page polls is the truth.
   */
  async getOrder(userId: string, id: string): Promise<Order> {
    let row = await this.ownOrder(userId, id);
    if (row.status === 'pending' && row.expires_at <= this.deps.now()) {
      row = await this.deps.settlement.settle(row);
    }
    return presentOrder(row, this.deps.now());
  }

  /** "I have paid": asks the providers now instead of waiting for the callback. */
  async checkOrder(userId: string, id: string): Promise<Order> {
    const row = await this.deps.settlement.settle(await this.ownOrder(userId, id));
    return presentOrder(row, this.deps.now());
  }

  async cancelOrder(userId: string, id: string): Promise<Order> {
    const row = await this.ownOrder(userId, id);
    if (row.status !== 'pending' || row.expires_at <= this.deps.now()) {
      throw new OrderNotPendingError(row.status);
    }
    const closed = await this.deps.settlement.closeEverywhere(row, 'cancelled');
    if (!closed || closed.status !== 'cancelled') throw new OrderNotPendingError(closed?.status);
    return presentOrder(closed, this.deps.now());
  }

  /**
   * Spec §7 POST /api/user/subscription: the client confirms a payment. It changes nothing by
   * itself (callbacks and queries activate plans); it answers the subscription once `payment_id`
   * is a paid order of this user for this plan and amount, and refuses anything else.
   */
  async confirmSubscription(
    userId: string,
    body: ConfirmSubscriptionBody,
  ): Promise<UserSubscription> {
    const { repos } = this.deps.data;
    let row = UUID.test(body.payment_id)
      ? await repos.payments.findOrderById(body.payment_id)
      : await repos.payments.findOrderByNo(body.payment_id);
    if (!row || row.user_id !== userId) throw new PaymentNotFoundError();
    if (row.status === 'pending') row = await this.deps.settlement.settle(row);
    if (row.status !== 'paid') throw new PaymentNotFoundError(`order is ${row.status}`);
    if (row.plan_id !== body.plan_id || row.amount_fen !== body.amount) {
      throw new PaymentMismatchError(`${row.plan_id}/${row.amount_fen}`);
    }
    return this.deps.subscriptions.getUserSubscription(userId);
  }

  /** Development: the /dev page's pending orders. */
  async listPendingOrders(): Promise<Order[]> {
    const rows = await this.deps.data.repos.payments.listPendingOrders(100);
    const now = this.deps.now();
    return rows.map((row) => presentOrder(row, now));
  }

  async findOrder(id: string): Promise<OrderRow> {
    const row = await this.deps.data.repos.payments.findOrderById(id);
    if (!row) throw new OrderNotFoundError();
    return row;
  }

  private async ownOrder(userId: string, id: string): Promise<OrderRow> {
    const row = await this.deps.data.repos.payments.findOrderById(id);
    if (!row || row.user_id !== userId) throw new OrderNotFoundError();
    return row;
  }
}
