import type { ErrorBody, Order } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../testing/test-server.ts';
import { startPaymentsServer, type PaymentsFixture } from './testing/payments-fixture.ts';

describe('orders', () => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await startPaymentsServer();
  });
  afterAll(() => f?.server.close());

  it('the sandbox pay route answers loopback clients only, like the dev outbox', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token, 'pro', 'monthly');
    const remote = await f.server.app.inject({
      method: 'POST',
      url: `/api/dev/payments/${order.id}/pay`,
      payload: { provider: 'wechat' },
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    const still = await f.server.api<Order>('GET', `/api/orders/${order.id}`, {
      token: user.token,
    });
    expect(still.body.status).toBe('pending');
  });

  it('creates a pro monthly order in fen with both pay codes, readable by its owner only', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token, 'pro', 'monthly');
    expect(order).toMatchObject({
      plan_id: 'pro',
      plan_period: 'monthly',
      amount: 9900,
      currency: 'CNY',
      status: 'pending',
      paid_at: null,
      provider: null,
    });
    expect(order.order_no).toMatch(/^T\d{14}[0-9A-F]{10}$/);
    expect(Date.parse(order.expires_at) - Date.parse(order.created_at)).toBe(15 * 60 * 1000);
    expect(order.pay_codes?.wechat?.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(order.pay_codes?.alipay?.qr_code).toMatch(/^https:\/\/qr\.alipay\.com\//);

    const one = await f.server.api<Order>('GET', `/api/orders/${order.id}`, { token: user.token });
    expect(one.body).toEqual(order);
    const list = await f.server.api<Order[]>('GET', '/api/orders', { token: user.token });
    expect(list.body.map((o) => o.id)).toEqual([order.id]);

    const other = await f.server.createUser();
    const hidden = await f.server.api<ErrorBody>('GET', `/api/orders/${order.id}`, {
      token: other.token,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('ORDER_NOT_FOUND');
    const cancel = await f.server.api<ErrorBody>('POST', `/api/orders/${order.id}/cancel`, {
      token: other.token,
    });
    expect(cancel.status).toBe(404);
    expect((await f.server.api('GET', '/api/orders')).status).toBe(401);
  });

  it('refuses the free plan, other currencies and a fourth open order', async () => {
    const user = await f.server.createUser();
    const create = (body: object) =>
      f.server.api<ErrorBody>('POST', '/api/orders/create', { token: user.token, body });
    const free = await create({ plan_id: 'free', plan_period: 'monthly', currency: 'CNY' });
    expect([free.status, free.body.code]).toEqual([400, 'PLAN_NOT_ORDERABLE']);
    const usd = await create({ plan_id: 'pro', plan_period: 'monthly', currency: 'USD' });
    expect([usd.status, usd.body.code]).toEqual([400, 'CURRENCY_NOT_SUPPORTED']);
    const bad = await create({ plan_id: 'gold', plan_period: 'monthly', currency: 'CNY' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_ERROR']);

    for (let i = 0; i < 3; i += 1) await f.order(user.token, 'pro', 'yearly');
    const fourth = await create({ plan_id: 'pro', plan_period: 'yearly', currency: 'CNY' });
    expect([fourth.status, fourth.body.code]).toEqual([409, 'TOO_MANY_OPEN_ORDERS']);
    expect(fourth.body.message).toBeTruthy();
    const zh = await f.server.api<ErrorBody>('POST', '/api/orders/create', {
      token: user.token,
      headers: { 'accept-language': 'zh-CN' },
      body: { plan_id: 'pro', plan_period: 'yearly', currency: 'CNY' },
    });
    expect(zh.body.message).toBe('未支付的订单过多，请先支付或取消其中一个');

    // cancelling one frees a place
    const list = await f.server.api<Order[]>('GET', '/api/orders', { token: user.token });
    const cancelled = await f.server.api<Order>('POST', `/api/orders/${list.body[0]!.id}/cancel`, {
      token: user.token,
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', pay_codes: null });
    expect((await create({ plan_id: 'pro', plan_period: 'yearly', currency: 'CNY' })).status).toBe(
      200,
    );
  });

  it('forces enterprise to yearly (spec: "Enterprise period forced to yearly")', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token, 'enterprise', 'monthly');
    expect(order).toMatchObject({ plan_id: 'enterprise', plan_period: 'yearly', amount: 1980000 });
  });

  it('a cancelled order is closed with the providers: it can no longer be paid', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    const cancel = await f.server.api<Order>('POST', `/api/orders/${order.id}/cancel`, {
      token: user.token,
    });
    expect(cancel.status).toBe(200);
    expect(await f.pay(order.id, 'wechat')).toBe(409);
    expect(await f.pay(order.id, 'alipay')).toBe(409);
    const again = await f.server.api<ErrorBody>('POST', `/api/orders/${order.id}/cancel`, {
      token: user.token,
    });
    expect([again.status, again.body.code]).toEqual([409, 'ORDER_NOT_PENDING']);
    const sub = await f.server.api<{ plan: { id: string } }>('GET', '/api/user/subscription', {
      token: user.token,
    });
    expect(sub.body.plan.id).toBe('free');
  });

  it('a pending order expires after 15 minutes and is closed with both providers', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    f.server.clock.advance(14 * 60);
    const still = await f.server.api<Order>('GET', `/api/orders/${order.id}`, {
      token: user.token,
    });
    expect(still.body.status).toBe('pending');
    f.server.clock.advance(61);
    const expired = await f.server.api<Order>('GET', `/api/orders/${order.id}`, {
      token: await f.signIn(user),
    });
    expect(expired.body).toMatchObject({ status: 'expired', pay_codes: null });
    const row = await f.server.db
      .selectFrom('orders')
      .select(['status', 'closed_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(row.closed_at).not.toBeNull();
    // closed at the providers too: the sandbox refuses to take the money
    expect(await f.pay(order.id, 'wechat')).toBe(409);
    expect(await f.pay(order.id, 'alipay')).toBe(409);
  });

  it('the reconcile pass finds late payments and expires what was not paid', async () => {
    const user = await f.server.createUser();
    const lost = await f.order(user.token);
    const unpaid = await f.order(user.token);
    expect(await f.pay(lost.id, 'wechat', false)).toBe(200); // paid, callback lost
    const status = async (id: string) =>
      (
        await f.server.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    f.server.clock.advance(2 * 60);
    await f.server.api('POST', '/api/dev/payments/reconcile');
    expect(await status(lost.id)).toBe('paid');
    expect(await status(unpaid.id)).toBe('pending');
    f.server.clock.advance(14 * 60);
    await f.server.api('POST', '/api/dev/payments/reconcile');
    expect(await status(unpaid.id)).toBe('expired');
    expect(await f.pay(unpaid.id, 'alipay')).toBe(409);
    const sub = await f.server.api<{ plan: { id: string } }>('GET', '/api/user/subscription', {
      token: await f.signIn(user),
    });
    expect(sub.body.plan.id).toBe('pro');
  });
});

describe('orders without any provider', () => {
  it('answers 503 PAYMENTS_UNAVAILABLE and stores nothing', async () => {
    const server = await startTestServer({ mail: 'outbox' });
    try {
      const user = await server.createUser();
      const res = await server.api<ErrorBody>('POST', '/api/orders/create', {
        token: user.token,
        body: { plan_id: 'pro', plan_period: 'monthly', currency: 'CNY' },
      });
      expect([res.status, res.body.code]).toEqual([503, 'PAYMENTS_UNAVAILABLE']);
      expect(await server.db.selectFrom('orders').selectAll().execute()).toEqual([]);
      expect((await server.api('POST', '/api/dev/payments/x/pay', { body: {} })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
