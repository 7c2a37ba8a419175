import type { Insertable, Kysely, Transaction } from 'kysely';
import type {
  Database,
  OrderRow,
  OrdersTable,
  PaidPlanId,
  PaymentCallbacksTable,
  PaymentProviderName,
  SubscriptionPeriodRow,
  SubscriptionPeriodsTable,
  SubscriptionRemindersTable,
} from '../../db/schema.ts';

/** Orders, stored provider callbacks and subscription periods. The only Kysely of the module. */
export class PaymentsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async countOpenOrders(userId: string, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  insertOrder(values: Insertable<OrdersTable>): Promise<OrderRow> {
    return this.db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async setPayCodes(
    id: string,
    codes: { wechat_code_url: string | null; alipay_qr_code: string | null },
  ): Promise<OrderRow | undefined> {
    return this.db
      .updateTable('orders')
      .set(codes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  findOrderById(id: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findOrderByNo(orderNo: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
  }

  listOrdersForUser(userId: string): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('order_no', 'desc')
      .limit(200)
      .execute();
  }

  /** Pending orders, oldest first (reconcile, and the /dev page's list). */
  listPendingOrders(limit: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
  }

  /**
   * The one step that turns an order paid: only from an unpaid state, so of any number of
   * concurrent callbacks exactly one gets the row back. Expired and cancelled orders are
   * accepted too: the provider took the money (see the module's README note).
   */
  markPaid(
    orderNo: string,
    paid: { provider: PaymentProviderName; tradeNo: string | null; paidAt: Date },
  ): Promise<OrderRow | undefined> {
    return this.db
      .updateTable('orders')
      .set({
        status: 'paid',
        provider: paid.provider,
        provider_trade_no: paid.tradeNo,
        paid_at: paid.paidAt,
      })
      .where('order_no', '=', orderNo)
      .where('status', 'in', ['pending', 'expired', 'cancelled'])
      .returningAll()
      .executeTakeFirst();
  }

  /** pending -> expired | cancelled; undefined if it was not pending any more. */
  closeOrder(
    id: string,
    status: 'expired' | 'cancelled',
    at: Date,
    userId?: string,
  ): Promise<OrderRow | undefined> {
    let query = this.db
      .updateTable('orders')
      .set({ status, closed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending');
    if (userId) query = query.where('user_id', '=', userId);
    return query.returningAll().executeTakeFirst();
  }

  async insertCallback(values: Insertable<PaymentCallbacksTable>): Promise<void> {
    await this.db.insertInto('payment_callbacks').values(values).execute();
  }

  /** Whether a callback with this provider notification id was already processed. */
  async callbackProcessed(provider: PaymentProviderName, notificationId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('payment_callbacks')
      .select('id')
      .where('provider', '=', provider)
      .where('notification_id', '=', notificationId)
      .where('outcome', 'in', ['activated', 'already_paid'])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The latest end among the user's periods on these plans (null if none). */
  async latestPeriodEnd(userId: string, plans: PaidPlanId[]): Promise<Date | null> {
    const row = await this.db
      .selectFrom('subscription_periods')
      .select((eb) => eb.fn.max('ends_at').as('end'))
      .where('user_id', '=', userId)
      .where('plan_id', 'in', plans)
      .executeTakeFirst();
    return row?.end ? new Date(row.end) : null;
  }

  insertPeriod(values: Insertable<SubscriptionPeriodsTable>): Promise<SubscriptionPeriodRow> {
    return this.db
      .insertInto('subscription_periods')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Periods running at `at` (starts_at <= at < ends_at). */
  runningPeriods(userId: string, at: Date): Promise<SubscriptionPeriodRow[]> {
    return this.db
      .selectFrom('subscription_periods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .execute();
  }

  /** The user's periods that end after `at` (running or queued), by start. */
  periodsEndingAfter(userId: string, at: Date): Promise<SubscriptionPeriodRow[]> {
    return this.db
      .selectFrom('subscription_periods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('ends_at', '>', at)
      .orderBy('starts_at', 'asc')
      .execute();
  }

  countPeriodsForOrder(orderId: string): Promise<number> {
    return this.db
      .selectFrom('subscription_periods')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirst()
      .then((row) => Number(row?.n ?? 0));
  }

  /** Users with a paid period ending in (from, to]: the candidates for a renewal reminder. */
  async usersWithPeriodEndingBetween(from: Date, to: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('subscription_periods')
      .select('user_id')
      .distinct()
      .where('ends_at', '>', from)
      .where('ends_at', '<=', to)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** Records a reminder; undefined when this one (user, end, kind) was recorded before. */
  async recordReminder(
    values: Insertable<SubscriptionRemindersTable>,
  ): Promise<{ id: string } | undefined> {
    return this.db
      .insertInto('subscription_reminders')
      .values(values)
      .onConflict((oc) => oc.columns(['user_id', 'period_end', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  async deleteReminder(id: string): Promise<void> {
    await this.db.deleteFrom('subscription_reminders').where('id', '=', id).execute();
  }

  remindersFor(userId: string): Promise<{ kind: '7d' | '1d'; period_end: Date }[]> {
    return this.db
      .selectFrom('subscription_reminders')
      .select(['kind', 'period_end'])
      .where('user_id', '=', userId)
      .orderBy('sent_at', 'asc')
      .execute();
  }

  /**
   * Operator refund: paid -> refunded, once. The order's period ends now (a queued one is
   * removed); periods bought by other orders are untouched.
   */
  async refundOrder(id: string, at: Date): Promise<OrderRow | undefined> {
    const order = await this.db
      .updateTable('orders')
      .set({ status: 'refunded', refunded_at: at })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirst();
    if (!order) return undefined;
    await this.db
      .deleteFrom('subscription_periods')
      .where('order_id', '=', id)
      .where('starts_at', '>=', at)
      .execute();
    await this.db
      .updateTable('subscription_periods')
      .set({ ends_at: at })
      .where('order_id', '=', id)
      .where('starts_at', '<', at)
      .where('ends_at', '>', at)
      .execute();
    return order;
  }
}
