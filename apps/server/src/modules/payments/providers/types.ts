import type { PaymentProviderName } from '../../../db/schema.ts';

export interface PayCodeRequest {
  orderNo: string;
  amountFen: number;
  /** Shown to the payer in the wallet app. */
  description: string;
  expiresAt: Date;
  notifyUrl: string;
}

/** A trade as the provider reports it (active query). */
export interface ProviderTrade {
  state: 'paid' | 'unpaid' | 'closed' | 'refunded' | 'not_found';
  amountFen: number | null;
  tradeNo: string | null;
  paidAt: Date | null;
}

/** A callback whose signature, freshness and merchant were verified. */
export interface VerifiedCallback {
  /** The provider's id of this notification (WeChat `id`, Alipay `notify_id`). */
  notificationId: string | null;
  orderNo: string;
  /** false for notifications that do not report a successful payment (ignored). */
  paid: boolean;
  amountFen: number;
  tradeNo: string | null;
  paidAt: Date;
}

export interface IncomingCallback {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/**
 * One payment provider, through its own SDK. The notify routes and the order service know
 * only this interface.
 */
export interface PaymentProviderAdapter {
  readonly name: PaymentProviderName;
  /** Creates the provider's trade for the order; answers what the QR code must carry. */
  createPayCode(request: PayCodeRequest): Promise<string>;
  query(orderNo: string): Promise<ProviderTrade>;
  /** Closes an unpaid trade so it can no longer be paid (a trade the provider lacks is fine). */
  close(orderNo: string): Promise<void>;
  /** Throws CallbackRejectedError with the reason; `now` bounds the timestamp window. */
  verifyCallback(callback: IncomingCallback, now: Date): VerifiedCallback;
}

/** Callbacks older or newer than this are refused (replays of captured callbacks). */
export const CALLBACK_WINDOW_SECONDS = 5 * 60;

export function headerValue(
  headers: IncomingCallback['headers'],
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
