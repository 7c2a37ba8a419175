import type { Locale, SalesContactBody, SalesContactResult } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { salesContactMail } from '../../mail/payment-mails.ts';
import type { DataAccess } from '../../repositories.ts';
import type { SalesRepositories } from './repositories.ts';
import { userAccounts } from '../users/index.ts';

interface SalesServiceDeps {
  data: DataAccess<SalesRepositories>;
  mailer: Mailer;
  now: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** SALES_EMAIL; null: requests are recorded only. */
  salesEmail: string | null;
}

/**
 * Enterprise "Contact sales": every request is recorded first (nothing is lost if mail fails),
 * then mailed to the sales address. A failed mail is logged and the request stays unmailed
 * (`mailed_at` null) for the operator to see.
 */
export class SalesService {
  constructor(private readonly deps: SalesServiceDeps) {}

  async contact(
    userId: string | null,
    body: SalesContactBody,
    locale: Locale,
  ): Promise<SalesContactResult> {
    const { data, mailer, now, log, salesEmail, publicUrl } = this.deps;
    const at = now();
    const row = await data.repos.sales.insert({
      user_id: userId,
      name: body.name,
      email: body.email,
      company: body.company,
      phone: body.phone || null,
      message: body.message || null,
      locale,
      created_at: at,
    });
    if (!salesEmail) {
      log.warn({ request: row.id }, 'sales contact recorded; SALES_EMAIL is not set');
    } else {
      const account = userId
        ? ((await userAccounts(data.repos).findById(userId))?.email ?? null)
        : null;
      try {
        await mailer.send(salesContactMail({ to: salesEmail, request: row, account, publicUrl }));
        await data.repos.sales.markMailed(row.id, now());
      } catch (error) {
        log.error({ err: error, request: row.id }, 'sales contact not mailed');
      }
    }
    return { id: row.id, received_at: row.created_at.toISOString() };
  }
}
