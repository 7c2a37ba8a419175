import type { PaymentProviderName } from '../../../db/schema.ts';

/** A trade as a stand-in provider keeps it (SandboxTradeStore). */
export interface SandboxTrade {
  provider: PaymentProviderName;
  orderNo: string;
  amountFen: number;
  description: string;
  notifyUrl: string;
  expiresAt: Date | null;
  status: 'unpaid' | 'paid' | 'closed';
  payCode: string;
  tradeNo: string | null;
  paidAt: Date | null;
}

export interface StandInRequest {
  method: string;
  /** Path and query, as signed. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface StandInResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A signed callback, ready to POST to the notify URL. */
export interface SandboxCallback {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Where the stand-ins keep their trades: the database (SandboxTradesRepository), so that every
 * API instance sees the trades any of them created, or memory (tests that only sign callbacks).
 * The changes are single conditional statements, so instances racing on one trade agree.
 */
export interface SandboxTradeStore {
  get(provider: PaymentProviderName, orderNo: string): Promise<SandboxTrade | undefined>;
  /** Stores `trade` unless one with its provider and order number exists; answers the stored one. */
  create(trade: SandboxTrade): Promise<SandboxTrade>;
  /**
   * Marks the trade paid (keeping the trade number and time of an earlier payment); a closed
   * trade only with `evenIfClosed`. undefined: no such trade, or it is closed.
   */
  markPaid(
    provider: PaymentProviderName,
    orderNo: string,
    paid: { tradeNo: string; paidAt: Date; evenIfClosed: boolean },
  ): Promise<SandboxTrade | undefined>;
  /** Closes an unpaid trade; answers the trade as it is afterwards (paid stays paid). */
  close(provider: PaymentProviderName, orderNo: string): Promise<SandboxTrade | undefined>;
}

/** The store in memory: one process sees its own trades only. */
export class MemorySandboxTrades implements SandboxTradeStore {
  private readonly trades = new Map<string, SandboxTrade>();

  async get(provider: PaymentProviderName, orderNo: string): Promise<SandboxTrade | undefined> {
    const trade = this.trades.get(`${provider}:${orderNo}`);
    return trade && { ...trade };
  }

  async create(trade: SandboxTrade): Promise<SandboxTrade> {
    const key = `${trade.provider}:${trade.orderNo}`;
    if (!this.trades.has(key)) this.trades.set(key, { ...trade });
    return { ...this.trades.get(key)! };
  }

  async markPaid(
    provider: PaymentProviderName,
    orderNo: string,
    paid: { tradeNo: string; paidAt: Date; evenIfClosed: boolean },
  ): Promise<SandboxTrade | undefined> {
    const trade = this.trades.get(`${provider}:${orderNo}`);
    if (!trade || (trade.status === 'closed' && !paid.evenIfClosed)) return undefined;
    trade.status = 'paid';
    trade.tradeNo ??= paid.tradeNo;
    trade.paidAt ??= paid.paidAt;
    return { ...trade };
  }

  async close(provider: PaymentProviderName, orderNo: string): Promise<SandboxTrade | undefined> {
    const trade = this.trades.get(`${provider}:${orderNo}`);
    if (trade && trade.status !== 'paid') trade.status = 'closed';
    return trade && { ...trade };
  }
}
