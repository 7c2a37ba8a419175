import type { DevMail, Order, Project, UserSubscription } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppDataAccess } from '../../app-data.ts';
import { addPeriod } from './periods.ts';
import { refundOrder } from './refund.ts';
import { startPaymentsServer, type PaymentsFixture } from './testing/payments-fixture.ts';

const DAY = 24 * 3600;

describe('renewal reminders, refunds and project tiers', () => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await startPaymentsServer();
  });
  afterAll(() => f?.server.close());

  const mailsTo = async (email: string) =>
    (
      await f.server.api<DevMail[]>('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`)
    ).body.filter((mail) => /ends in|到期/.test(mail.subject));

  it('mails 7 days and 1 day before the end, each reminder once; extending starts afresh', async () => {
    const user = await f.server.createUser();
    const email = user.user.email;
    const start = f.server.clock();
    await f.pay((await f.order(user.token)).id, 'wechat');
    const end = addPeriod(start, 'monthly');
    const reminders = f.server.app.payments.reminders;

    // More than 7 days left: nothing.
    f.server.clock.set(new Date(end.getTime() - 8 * DAY * 1000));
    await reminders.run();
    expect(await mailsTo(email)).toHaveLength(0);

    // Within 7 days: one 7-day reminder, however often the pass runs (also concurrently).
    f.server.clock.set(new Date(end.getTime() - 6.5 * DAY * 1000));
    await Promise.all([reminders.run(), reminders.run(), reminders.run()]);
    await reminders.run();
    const seven = await mailsTo(email);
    expect(seven).toHaveLength(1);
    expect(seven[0]?.subject).toContain('7 days');
    expect(seven[0]?.text).toMatch(/Renew now: http:\/\/127\.0\.0\.1(:\d+)?\/upgrade/);

    // Within a day: the 1-day reminder, once.
    f.server.clock.set(new Date(end.getTime() - 20 * 3600 * 1000));
    await reminders.run();
    await reminders.run();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject).join()).toContain('1 day');

    // Paying again extends the end: the new end gets its own reminders, later.
    const token = await f.signIn(user);
    await f.pay((await f.order(token)).id, 'alipay');
    await reminders.run();
    expect(await mailsTo(email)).toHaveLength(2);
    f.server.clock.set(new Date(addPeriod(end, 'monthly').getTime() - 3 * DAY * 1000));
    await reminders.run();
    expect(await mailsTo(email)).toHaveLength(3);

    // After the end there is nothing left to remind of.
    f.server.clock.set(new Date(addPeriod(end, 'monthly').getTime() + DAY * 1000));
    await reminders.run();
    expect(await mailsTo(email)).toHaveLength(3);
  });

  it('projects report the owner’s paid tier; a refund ends the plan and is recorded once', async () => {
    const user = await f.server.createUser();
    const tiers = async (token: string) =>
      (await f.server.api<Project[]>('GET', '/api/project', { token })).body.map((p) => p.tier);
    expect(await tiers(user.token)).toEqual(['free']);

    const order = await f.order(user.token);
    await f.pay(order.id, 'wechat');
    expect(await tiers(user.token)).toEqual(['paid']);

    const data = createAppDataAccess(f.server.db);
    const refunded = await refundOrder(data, order.id, f.server.clock());
    expect(refunded).toMatchObject({ status: 'refunded' });
    expect(refunded.refunded_at).toEqual(f.server.clock());
    await expect(refundOrder(data, order.id, f.server.clock())).rejects.toMatchObject({
      code: 'ORDER_NOT_PAID',
    });
    // A pending order cannot be refunded either, and an unknown one is not found.
    const pending = await f.order(user.token);
    await expect(refundOrder(data, pending.id, f.server.clock())).rejects.toMatchObject({
      code: 'ORDER_NOT_PAID',
    });
    await expect(
      refundOrder(data, '00000000-0000-4000-8000-000000000000', f.server.clock()),
    ).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });

    const sub = await f.server.api<UserSubscription>('GET', '/api/user/subscription', {
      token: user.token,
    });
    expect(sub.body.plan.id).toBe('free');
    expect(await tiers(user.token)).toEqual(['free']);
    const listed = await f.server.api<Order>('GET', `/api/orders/${order.id}`, {
      token: user.token,
    });
    expect(listed.body.status).toBe('refunded');
  });

  it('a refund of a period that has not started yet removes it; the running one stays', async () => {
    const user = await f.server.createUser();
    const start = f.server.clock();
    const first = await f.order(user.token);
    await f.pay(first.id, 'wechat');
    const second = await f.order(user.token);
    await f.pay(second.id, 'alipay');
    const subscription = async () =>
      (
        await f.server.api<UserSubscription>('GET', '/api/user/subscription', {
          token: user.token,
        })
      ).body;
    expect((await subscription()).current_period_end).toBe(
      addPeriod(addPeriod(start, 'monthly'), 'monthly').toISOString(),
    );
    await refundOrder(createAppDataAccess(f.server.db), second.id, f.server.clock());
    expect(await subscription()).toMatchObject({
      plan: { id: 'pro' },
      current_period_end: addPeriod(start, 'monthly').toISOString(),
    });
  });
});
