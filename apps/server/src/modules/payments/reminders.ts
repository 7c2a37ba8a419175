import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renewalReminderMail } from '../../mail/payment-mails.ts';
import type { DataAccess } from '../../repositories.ts';
import type { PaymentsRepositories } from './repositories.ts';
import { currentPaidPlan } from './subscription-periods.ts';
import { userAccounts } from '../users/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface ReminderDeps {
  data: DataAccess<PaymentsRepositories>;
  mailer: Mailer;
  now: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * Renewal reminders, 7 days and 1 day before a paid plan ends. One periodic pass mails every
 * user whose plan (its unbroken run of periods) ends within 7 days; each (user, end, kind) is
 * recorded first, so a reminder goes out once however often the pass runs and on however many
 * processes. A plan extended in the meantime has a new end and gets its own reminders then.
 * A pass that starts less than a day before the end sends only the 1-day reminder.
 */
export class SubscriptionReminders {
  constructor(private readonly deps: ReminderDeps) {}

  /** One pass; answers how many reminders were mailed. */
  async run(): Promise<number> {
    const { data, now: clock } = this.deps;
    const now = clock();
    const horizon = new Date(now.getTime() + 7 * DAY_MS);
    const userIds = await data.repos.payments.usersWithPeriodEndingBetween(now, horizon);
    let sent = 0;
    for (const userId of userIds) {
      if (await this.remind(userId, now, horizon)) sent += 1;
    }
    return sent;
  }

  private async remind(userId: string, now: Date, horizon: Date): Promise<boolean> {
    const { data, mailer, log, publicUrl } = this.deps;
    const plan = await currentPaidPlan(data.repos, userId, now);
    // Extended past the horizon (or only a queued period ends soon): nothing to say yet.
    if (!plan || plan.endsAt > horizon) return false;
    const left = plan.endsAt.getTime() - now.getTime();
    const kind = left <= DAY_MS ? '1d' : '7d';
    const user = await userAccounts(data.repos).findById(userId);
    // No address yet (a WeChat sign-up): nothing to send; a later pass mails it once one is added.
    if (!user?.email) return false;
    const recorded = await data.repos.payments.recordReminder({
      user_id: userId,
      plan_id: plan.planId,
      period_end: plan.endsAt,
      kind,
      sent_at: now,
    });
    if (!recorded) return false;
    try {
      await mailer.send(
        renewalReminderMail({
          to: user.email,
          locale: user.language,
          planId: plan.planId,
          endsAt: plan.endsAt,
          daysLeft: Math.max(1, Math.ceil(left / DAY_MS)),
          publicUrl,
        }),
      );
      return true;
    } catch (error) {
      // Not sent: forget the record so the next pass tries again.
      log.error({ err: error, userId, kind }, 'renewal reminder not sent');
      await data.repos.payments.deleteReminder(recorded.id);
      return false;
    }
  }
}
