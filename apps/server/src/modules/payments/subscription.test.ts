import type { ErrorBody, UserSubscription } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod, fenToYuanText, yuanTextToFen } from './periods.ts';
import { startPaymentsServer, type PaymentsFixture } from './testing/payments-fixture.ts';

describe('calendar periods and fen', () => {
  it('adds a calendar month or year, clamping to the month end', () => {
    const at = (iso: string) => new Date(iso);
    expect(addPeriod(at('2027-01-31T10:00:00Z'), 'monthly')).toEqual(at('2027-02-28T10:00:00Z'));
    expect(addPeriod(at('2028-01-31T10:00:00Z'), 'monthly')).toEqual(at('2028-02-29T10:00:00Z'));
    expect(addPeriod(at('2027-12-15T00:00:00Z'), 'monthly')).toEqual(at('2028-01-15T00:00:00Z'));
    expect(addPeriod(at('2028-02-29T08:30:00Z'), 'yearly')).toEqual(at('2029-02-28T08:30:00Z'));
  });

  it('turns yuan text into fen without floating point', () => {
    expect(yuanTextToFen('99.00')).toBe(9900);
    expect(yuanTextToFen('0.1')).toBe(10);
    expect(yuanTextToFen('19800')).toBe(1980000);
    expect(yuanTextToFen('1.005')).toBeNull();
    expect(yuanTextToFen('-1')).toBeNull();
    expect(fenToYuanText(9900)).toBe('99.00');
    expect(fenToYuanText(5)).toBe('0.05');
  });
});

describe('subscriptions bought by orders', () => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await startPaymentsServer();
  });
  afterAll(() => f?.server.close());

  const subscription = async (token: string) =>
    (await f.server.api<UserSubscription>('GET', '/api/user/subscription', { token })).body;

  it('paying again extends from the current end; a higher plan starts at once', async () => {
    const user = await f.server.createUser();
    const start = f.server.clock();
    await f.pay((await f.order(user.token)).id, 'wechat');
    const firstEnd = addPeriod(start, 'monthly');
    expect((await subscription(user.token)).current_period_end).toBe(firstEnd.toISOString());

    f.server.clock.advance(10 * 24 * 3600);
    let token = await f.signIn(user);
    await f.pay((await f.order(token)).id, 'alipay');
    expect(await subscription(token)).toMatchObject({
      plan: { id: 'pro' },
      current_period_end: addPeriod(firstEnd, 'monthly').toISOString(),
    });

    const upgradeAt = f.server.clock();
    await f.pay((await f.order(token, 'enterprise', 'yearly')).id, 'wechat');
    expect(await subscription(token)).toMatchObject({
      plan: { id: 'enterprise' },
      period: 'yearly',
      current_period_end: addPeriod(upgradeAt, 'yearly').toISOString(),
    });

    // a year and a day later everything has run out: back to Free
    f.server.clock.advance(367 * 24 * 3600);
    token = await f.signIn(user);
    expect(await subscription(token)).toMatchObject({
      plan: { id: 'free' },
      period: null,
      current_period_end: null,
    });
  });

  it('returns to Free when the period ends', async () => {
    const user = await f.server.createUser();
    await f.pay((await f.order(user.token)).id, 'alipay');
    const end = Date.parse((await subscription(user.token)).current_period_end!);
    f.server.clock.set(new Date(end - 1000));
    expect((await subscription(await f.signIn(user))).plan.id).toBe('pro');
    f.server.clock.set(new Date(end));
    expect((await subscription(await f.signIn(user))).plan.id).toBe('free');
  });

  it('POST /api/user/subscription confirms only a paid order of the caller', async () => {
    const user = await f.server.createUser();
    const order = await f.order(user.token);
    const confirm = (token: string, body: object) =>
      f.server.api<UserSubscription & ErrorBody>('POST', '/api/user/subscription', {
        token,
        body: { metadata: { source: 'paycode' }, ...body },
      });
    const unpaid = await confirm(user.token, {
      plan_id: 'pro',
      payment_id: order.id,
      amount: 9900,
    });
    expect([unpaid.status, unpaid.body.code]).toEqual([404, 'PAYMENT_NOT_FOUND']);

    expect(await f.pay(order.id, 'wechat')).toBe(200);
    const ok = await confirm(user.token, { plan_id: 'pro', payment_id: order.id, amount: 9900 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ plan: { id: 'pro' }, period: 'monthly' });
    const byNo = await confirm(user.token, {
      plan_id: 'pro',
      payment_id: order.order_no,
      amount: 9900,
    });
    expect(byNo.status).toBe(200);

    const wrongAmount = await confirm(user.token, {
      plan_id: 'pro',
      payment_id: order.id,
      amount: 1,
    });
    expect([wrongAmount.status, wrongAmount.body.code]).toEqual([409, 'PAYMENT_MISMATCH']);
    const wrongPlan = await confirm(user.token, {
      plan_id: 'enterprise',
      payment_id: order.id,
      amount: 9900,
    });
    expect([wrongPlan.status, wrongPlan.body.code]).toEqual([409, 'PAYMENT_MISMATCH']);

    const other = await f.server.createUser();
    const stolen = await confirm(other.token, {
      plan_id: 'pro',
      payment_id: order.id,
      amount: 9900,
    });
    expect([stolen.status, stolen.body.code]).toEqual([404, 'PAYMENT_NOT_FOUND']);
    expect((await subscription(other.token)).plan.id).toBe('free');
    const unknown = await confirm(user.token, {
      plan_id: 'pro',
      payment_id: 'T20990101000000FFFFFFFFFF',
      amount: 9900,
    });
    expect(unknown.status).toBe(404);
  });
});
