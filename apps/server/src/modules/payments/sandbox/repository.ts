import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  Database,
  PaymentProviderName,
  PaymentSandboxTradesTable,
} from '../../../db/schema.ts';
import type { SandboxTrade, SandboxTradeStore } from './trades.ts';

function toTrade(row: Selectable<PaymentSandboxTradesTable>): SandboxTrade {
  return {
    provider: row.provider,
    orderNo: row.order_no,
    amountFen: row.amount_fen,
    description: row.description,
    notifyUrl: row.notify_url,
    expiresAt: row.expires_at,
    status: row.status,
    payCode: row.pay_code,
    tradeNo: row.trade_no,
    paidAt: row.paid_at,
  };
}

/** The payment sandbox's trades, shared by every instance on the database (migration 0030). */
export class SandboxTradesRepository implements SandboxTradeStore {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async get(provider: PaymentProviderName, orderNo: string): Promise<SandboxTrade | undefined> {
    const row = await this.db
      .selectFrom('payment_sandbox_trades')
      .selectAll()
      .where('provider', '=', provider)
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    return row && toTrade(row);
  }

  async create(trade: SandboxTrade): Promise<SandboxTrade> {
    await this.db
      .insertInto('payment_sandbox_trades')
      .values({
        provider: trade.provider,
        order_no: trade.orderNo,
        amount_fen: trade.amountFen,
        description: trade.description,
        notify_url: trade.notifyUrl,
        expires_at: trade.expiresAt,
        status: trade.status,
        pay_code: trade.payCode,
        trade_no: trade.tradeNo,
        paid_at: trade.paidAt,
      })
      .onConflict((conflict) => conflict.columns(['provider', 'order_no']).doNothing())
      .execute();
    const stored = await this.get(trade.provider, trade.orderNo);
    if (!stored) throw new Error(`sandbox trade ${trade.provider}:${trade.orderNo} vanished`);
    return stored;
  }

  async markPaid(
    provider: PaymentProviderName,
    orderNo: string,
    paid: { tradeNo: string; paidAt: Date; evenIfClosed: boolean },
  ): Promise<SandboxTrade | undefined> {
    let update = this.db
      .updateTable('payment_sandbox_trades')
      .set((eb) => ({
        status: 'paid',
        trade_no: eb.fn.coalesce('trade_no', eb.val(paid.tradeNo)),
        paid_at: eb.fn.coalesce('paid_at', eb.val(paid.paidAt)),
      }))
      .where('provider', '=', provider)
      .where('order_no', '=', orderNo);
    if (!paid.evenIfClosed) update = update.where('status', '<>', 'closed');
    const row = await update.returningAll().executeTakeFirst();
    return row && toTrade(row);
  }

  async close(provider: PaymentProviderName, orderNo: string): Promise<SandboxTrade | undefined> {
    await this.db
      .updateTable('payment_sandbox_trades')
      .set({ status: 'closed' })
      .where('provider', '=', provider)
      .where('order_no', '=', orderNo)
      .where('status', '<>', 'paid')
      .execute();
    return this.get(provider, orderNo);
  }
}
