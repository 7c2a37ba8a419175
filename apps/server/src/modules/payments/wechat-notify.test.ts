import type { Order, UserSubscription } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod } from './periods.ts';
import { MemorySandboxTrades } from './sandbox/trades.ts';
import { WechatStandIn } from './sandbox/wechat-standin.ts';
import {
  startPaymentsServer,
  WECHAT_NOTIFY,
  type PaymentsFixture,
} from './testing/payments-fixture.ts';

describe('WeChat Pay: order -> callback -> subscription', () => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await startPaymentsServer();
  });
  afterAll(() => f?.server.close());

  /** A TRANSACTION.SUCCESS for `order` as WeChat Pay would send it; fields can be overridden. */
  const transaction = (order: Order, overrides: Record<string, unknown> = {}) => ({
    appid: f.keys.wechat.appid,
    mchid: f.keys.wechat.mchid,
    out_trade_no: order.order_no,
    transaction_id: `4200${Math.floor(Math.random() * 1e12)}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: new Date(f.server.clock()).toISOString(),
    amount: { total: order.amount, payer_total: order.amount, currency: 'CNY' },
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
  const callbacks = (orderNo: string) =>
    f.server.db
      .selectFrom('payment_callbacks')
      .select(['outcome', 'reason'])
      .where('order_no', '=', orderNo)
      .orderBy('received_at')
      .execute();

  it('the sandbox pays through the real SDK and the plan is active at once', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token, 'pro', 'monthly');
    const paidAt = f.server.clock();
    expect(await f.pay(order.id, 'wechat')).toBe(200);

    const read = await f.server.api<Order>('GET', `/api/orders/${order.id}`, { token: user.token });
    expect(read.body).toMatchObject({ status: 'paid', provider: 'wechat', pay_codes: null });
    const sub = await f.server.api<UserSubscription>('GET', '/api/user/subscription', {
      token: user.token,
    });
    expect(sub.body).toMatchObject({
      plan: { id: 'pro' },
      period: 'monthly',
      current_period_end: addPeriod(paidAt, 'monthly').toISOString(),
    });
    expect(sub.body.limits.projects.limit).toBe(50);
    expect(await callbacks(order.order_no)).toEqual([{ outcome: 'activated', reason: null }]);
    const stored = await f.server.db
      .selectFrom('payment_callbacks')
      .select(['headers', 'notification_id'])
      .where('order_no', '=', order.order_no)
      .executeTakeFirstOrThrow();
    expect(stored.headers['wechatpay-serial']).toBe(f.keys.wechat.platformPublicKeyId);
    expect(stored.notification_id).toBeTruthy();
  });

  it('refuses unsigned, wrongly signed, tampered, stale and other-merchant callbacks', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    const good = f.wechat.callback(transaction(order), WECHAT_NOTIFY);
    const otherKey = new WechatStandIn(
      { ...f.keys.wechat, apiV3Key: 'k'.repeat(32) },
      new MemorySandboxTrades(),
      f.server.clock,
    );
    const now = Math.floor(f.server.clock().getTime() / 1000);
    const cases = [
      {
        reason: 'unsigned',
        status: 401,
        callback: { ...good, headers: { 'content-type': 'application/json' } },
      },
      {
        reason: 'bad_signature',
        status: 401,
        callback: { ...good, body: good.body.replace('支付成功', 'paid') },
      },
      {
        reason: 'bad_signature',
        status: 401,
        callback: {
          ...good,
          headers: { ...good.headers, 'wechatpay-signature': Buffer.alloc(256).toString('base64') },
        },
      },
      {
        reason: 'unknown_key',
        status: 400,
        callback: { ...good, headers: { ...good.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' } },
      },
      {
        reason: 'stale',
        status: 400,
        callback: f.wechat.callback(transaction(order), WECHAT_NOTIFY, { timestamp: now - 301 }),
      },
      {
        reason: 'decrypt_failed',
        status: 400,
        callback: otherKey.callback(transaction(order), WECHAT_NOTIFY),
      },
      {
        reason: 'amount_mismatch',
        status: 400,
        callback: f.wechat.callback(
          transaction(order, { amount: { total: 1, currency: 'CNY' } }),
          WECHAT_NOTIFY,
        ),
      },
      {
        reason: 'unknown_order',
        status: 400,
        callback: f.wechat.callback(
          transaction(order, { out_trade_no: 'T20990101000000FFFFFFFFFF' }),
          WECHAT_NOTIFY,
        ),
      },
      {
        reason: 'other_merchant',
        status: 400,
        callback: f.wechat.callback(transaction(order, { appid: 'wx0ther' }), WECHAT_NOTIFY),
      },
      {
        reason: 'other_merchant',
        status: 400,
        callback: f.wechat.callback(transaction(order, { mchid: '1999999999' }), WECHAT_NOTIFY),
      },
    ];
    for (const { reason, status, callback } of cases) {
      const res = await f.send(callback);
      expect([reason, res.status]).toEqual([reason, status]);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'FAIL' });
    }
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await periods(order.id)).toHaveLength(0);
    const stored = await f.server.db
      .selectFrom('payment_callbacks')
      .select(['outcome', 'reason'])
      .where('outcome', '=', 'rejected')
      .execute();
    for (const { reason } of cases) expect(stored).toContainEqual({ outcome: 'rejected', reason });
  });

  it('a replayed callback changes nothing; a late replay is refused as stale', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    const callback = f.wechat.callback(transaction(order), WECHAT_NOTIFY);
    expect((await f.send(callback)).status).toBe(204);
    expect((await f.send(callback)).status).toBe(204);
    f.server.clock.advance(6 * 60);
    expect((await f.send(callback)).status).toBe(400);
    expect((await callbacks(order.order_no)).map((c) => c.outcome)).toEqual([
      'activated',
      'already_paid',
    ]);
    expect(await periods(order.id)).toHaveLength(1);
  });

  it('20 concurrent duplicate callbacks activate the plan once', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token, 'pro', 'yearly');
    const callback = f.wechat.callback(transaction(order), WECHAT_NOTIFY);
    const answers = await Promise.all(Array.from({ length: 20 }, () => f.send(callback)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(204));
    const outcomes = (await callbacks(order.order_no)).map((c) => c.outcome).sort();
    expect(outcomes).toEqual(['activated', ...Array(19).fill('already_paid')]);
    expect(await periods(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('an order paid after it expired is honoured: the provider took the money', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    f.server.clock.advance(16 * 60);
    const token = await f.signIn(user);
    const expired = await f.server.api<Order>('GET', `/api/orders/${order.id}`, { token });
    expect(expired.body.status).toBe('expired');
    // the payer's scan raced the close: WeChat Pay reports the payment afterwards
    expect((await f.send(f.wechat.callback(transaction(order), WECHAT_NOTIFY))).status).toBe(204);
    const paid = await f.server.api<Order>('GET', `/api/orders/${order.id}`, { token });
    expect(paid.body).toMatchObject({ status: 'paid', provider: 'wechat' });
    const sub = await f.server.api<UserSubscription>('GET', '/api/user/subscription', { token });
    expect(sub.body.plan.id).toBe('pro');
    expect(await periods(order.id)).toHaveLength(1);
  });
});
