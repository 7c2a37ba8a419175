import type { Order, UserSubscription } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod, fenToYuanText } from './periods.ts';
import { AlipayStandIn } from './sandbox/alipay-standin.ts';
import { MemorySandboxTrades } from './sandbox/trades.ts';
import {
  ALIPAY_NOTIFY,
  startPaymentsServer,
  type PaymentsFixture,
} from './testing/payments-fixture.ts';

describe('Alipay: order -> callback -> subscription', () => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await startPaymentsServer();
  });
  afterAll(() => f?.server.close());

  /** An asynchronous notification for `order` as Alipay would send it. */
  const notification = (order: Order, overrides: Record<string, string> = {}) => ({
    notify_type: 'trade_status_sync',
    notify_id: `n${Math.floor(Math.random() * 1e12)}`,
    app_id: f.keys.alipay.appId,
    trade_no: `2025${Math.floor(Math.random() * 1e12)}`,
    out_trade_no: order.order_no,
    trade_status: 'TRADE_SUCCESS',
    total_amount: fenToYuanText(order.amount),
    subject: 'Truss Pro',
    ...overrides,
  });
  const orderRow = (id: string) =>
    f.server.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const periods = (orderId: string) =>
    f.server.db
      .selectFrom('subscription_periods')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();

  it('the sandbox pays through the real SDK and the plan is active at once', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token, 'pro', 'yearly');
    expect(order.amount).toBe(99000);
    const paidAt = f.server.clock();
    expect(await f.pay(order.id, 'alipay')).toBe(200);
    const read = await f.server.api<Order>('GET', `/api/orders/${order.id}`, { token: user.token });
    expect(read.body).toMatchObject({ status: 'paid', provider: 'alipay' });
    const sub = await f.server.api<UserSubscription>('GET', '/api/user/subscription', {
      token: user.token,
    });
    expect(sub.body).toMatchObject({
      plan: { id: 'pro' },
      period: 'yearly',
      current_period_end: addPeriod(paidAt, 'yearly').toISOString(),
    });
    // the WeChat Pay QR code was closed: the payer cannot pay twice
    expect(await f.pay(order.id, 'wechat')).toBe(409);
    expect(await periods(order.id)).toHaveLength(1);
  });

  it('answers "success" only for verified callbacks and refuses the rest', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    const good = f.alipay.callback(notification(order), ALIPAY_NOTIFY);
    const stranger = new AlipayStandIn(
      { ...f.keys.alipay, alipayPrivateKey: f.keys.alipay.appPrivateKey },
      new MemorySandboxTrades(),
      f.server.clock,
    );
    const stale = new Date(f.server.clock().getTime() - 6 * 60 * 1000);
    const cases = [
      {
        reason: 'unsigned',
        callback: { ...good, body: good.body.replace(/&sign=[^&]*/, '') },
      },
      {
        reason: 'bad_signature',
        callback: { ...good, body: good.body.replace(/total_amount=[^&]*/, 'total_amount=0.01') },
      },
      {
        reason: 'bad_signature',
        callback: stranger.callback(notification(order), ALIPAY_NOTIFY),
      },
      {
        reason: 'bad_signature',
        callback: {
          ...good,
          body: good.body.replace(/out_trade_no=[^&]*/, 'out_trade_no=T20990101000000FFFFFFFFFF'),
        },
      },
      {
        reason: 'other_merchant',
        callback: f.alipay.callback(
          notification(order, { app_id: '2021999999999999' }),
          ALIPAY_NOTIFY,
        ),
      },
      {
        reason: 'stale',
        callback: f.alipay.callback(notification(order), ALIPAY_NOTIFY, { notifyTime: stale }),
      },
      {
        reason: 'amount_mismatch',
        callback: f.alipay.callback(notification(order, { total_amount: '0.01' }), ALIPAY_NOTIFY),
      },
      {
        reason: 'unknown_order',
        callback: f.alipay.callback(
          notification(order, { out_trade_no: 'T20990101000000FFFFFFFFFF' }),
          ALIPAY_NOTIFY,
        ),
      },
    ];
    for (const { reason, callback } of cases) {
      const res = await f.send(callback);
      expect([reason, res.status, res.text]).toEqual([reason, 200, 'fail']);
    }
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await periods(order.id)).toHaveLength(0);
    const stored = await f.server.db
      .selectFrom('payment_callbacks')
      .select(['reason'])
      .where('provider', '=', 'alipay')
      .where('outcome', '=', 'rejected')
      .execute();
    expect(stored.map((row) => row.reason).sort()).toEqual(cases.map((c) => c.reason).sort());

    // a notification that reports no payment is stored and acknowledged, and changes nothing
    const waiting = f.alipay.callback(
      notification(order, { trade_status: 'WAIT_BUYER_PAY' }),
      ALIPAY_NOTIFY,
    );
    expect((await f.send(waiting)).text).toBe('success');
    expect((await orderRow(order.id)).status).toBe('pending');

    const res = await f.send(good);
    expect(res.text).toBe('success');
    expect((await orderRow(order.id)).status).toBe('paid');
    expect((await f.send(good)).text).toBe('success'); // replayed: acknowledged, nothing changes
    expect(await periods(order.id)).toHaveLength(1);
  });

  it('20 concurrent duplicate callbacks activate the plan once', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    const callback = f.alipay.callback(notification(order), ALIPAY_NOTIFY);
    const answers = await Promise.all(Array.from({ length: 20 }, () => f.send(callback)));
    expect(answers.map((a) => a.text)).toEqual(Array(20).fill('success'));
    expect(await periods(order.id)).toHaveLength(1);
    const outcomes = await f.server.db
      .selectFrom('payment_callbacks')
      .select('outcome')
      .where('order_no', '=', order.order_no)
      .execute();
    expect(outcomes.filter((row) => row.outcome === 'activated')).toHaveLength(1);
  });

  it('a lost callback: "I have paid" asks Alipay and activates the plan', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    expect(await f.pay(order.id, 'alipay', false)).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    const checked = await f.server.api<Order>('POST', `/api/orders/${order.id}/check`, {
      token: user.token,
    });
    expect(checked.body).toMatchObject({ status: 'paid', provider: 'alipay' });
    expect(await periods(order.id)).toHaveLength(1);
  });
});

describe('Alipay and WeChat Pay both paid for one order', () => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await startPaymentsServer();
  });
  afterAll(() => f?.server.close());

  it('activates once and records the second payment for a refund', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    expect(await f.pay(order.id, 'wechat')).toBe(200);
    const late = f.alipay.callback(
      {
        notify_id: 'n-double',
        app_id: f.keys.alipay.appId,
        out_trade_no: order.order_no,
        trade_status: 'TRADE_SUCCESS',
        total_amount: fenToYuanText(order.amount),
      },
      ALIPAY_NOTIFY,
    );
    expect((await f.send(late)).text).toBe('success');
    const rows = await f.server.db
      .selectFrom('payment_callbacks')
      .select(['provider', 'outcome', 'reason'])
      .where('order_no', '=', order.order_no)
      .orderBy('received_at')
      .execute();
    expect(rows).toEqual([
      { provider: 'wechat', outcome: 'activated', reason: null },
      { provider: 'alipay', outcome: 'already_paid', reason: 'double_payment' },
    ]);
    const periods = await f.server.db
      .selectFrom('subscription_periods')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(periods).toHaveLength(1);
  });
});
