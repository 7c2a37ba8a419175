import type { PaymentProviderName } from '../../../db/schema.ts';

/** A trade as a stand-in provider keeps it (in memory: the sandbox is a development tool). */
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

export class SandboxTrades {
  private readonly trades = new Map<string, SandboxTrade>();

  get(provider: PaymentProviderName, orderNo: string): SandboxTrade | undefined {
    return this.trades.get(`${provider}:${orderNo}`);
  }

  put(trade: SandboxTrade): void {
    this.trades.set(`${trade.provider}:${trade.orderNo}`, trade);
  }
}
