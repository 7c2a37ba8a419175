import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import type { WechatPayConfig } from '../../../config-payments.ts';
import { CallbackRejectedError } from '../errors.ts';
import { rfc3339Beijing } from '../periods.ts';
import {
  CALLBACK_WINDOW_SECONDS,
  headerValue,
  type IncomingCallback,
  type PayCodeRequest,
  type PaymentProviderAdapter,
  type ProviderTrade,
  type VerifiedCallback,
} from './types.ts';

interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; currency?: string };
}

interface WechatNotification {
  id?: string;
  event_type?: string;
  resource?: {
    algorithm?: string;
    ciphertext?: string;
    associated_data?: string;
    nonce?: string;
  };
}

interface WechatEndpoint {
  get(config: Record<string, unknown>): Promise<{ data: unknown }>;
  post(data: unknown, config?: Record<string, unknown>): Promise<{ data: unknown }>;
}

const TRADE_STATES: Record<string, ProviderTrade['state']> = {
  SUCCESS: 'paid',
  REFUND: 'refunded',
  CLOSED: 'closed',
  REVOKED: 'closed',
  NOTPAY: 'unpaid',
  USERPAYING: 'unpaid',
  PAYERROR: 'unpaid',
};

/**
 * WeChat Pay API v3, Native pay, through wechatpay-axios-plugin: it signs every request with the
 * merchant key and verifies every response against the platform public key. Callbacks are
 * verified here with the same library's Rsa/Formatter/Aes helpers.
 */
export class WechatPayProvider implements PaymentProviderAdapter {
  readonly name = 'wechat' as const;
  private readonly client: Wechatpay;
  private readonly platformKey;

  constructor(private readonly config: WechatPayConfig) {
    this.platformKey = Rsa.from(config.platformPublicKey, Rsa.KEY_TYPE_PUBLIC);
    this.client = new Wechatpay({
      mchid: config.mchid,
      serial: config.merchantSerial,
      privateKey: config.merchantPrivateKey,
      certs: { [config.platformPublicKeyId]: config.platformPublicKey },
      baseURL: config.baseUrl,
      timeout: 10_000,
    });
  }

  async createPayCode(request: PayCodeRequest): Promise<string> {
    const { data } = await this.endpoint('v3/pay/transactions/native').post({
      appid: this.config.appid,
      mchid: this.config.mchid,
      description: request.description,
      out_trade_no: request.orderNo,
      time_expire: rfc3339Beijing(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
    });
    const codeUrl = (data as { code_url?: unknown }).code_url;
    if (typeof codeUrl !== 'string') throw new Error('WeChat Pay answered no code_url');
    return codeUrl;
  }

  async query(orderNo: string): Promise<ProviderTrade> {
    try {
      const { data } = await this.endpoint('v3/pay/transactions/out-trade-no/{out_trade_no}').get({
        params: { mchid: this.config.mchid },
        out_trade_no: orderNo,
      });
      const trade = data as WechatTransaction;
      return {
        state: TRADE_STATES[trade.trade_state ?? ''] ?? 'unpaid',
        amountFen: trade.amount?.total ?? null,
        tradeNo: trade.transaction_id ?? null,
        paidAt: trade.success_time ? new Date(trade.success_time) : null,
      };
    } catch (error) {
      if (httpStatus(error) === 404) {
        return { state: 'not_found', amountFen: null, tradeNo: null, paidAt: null };
      }
      throw error;
    }
  }

  async close(orderNo: string): Promise<void> {
    try {
      await this.endpoint('v3/pay/transactions/out-trade-no/{out_trade_no}/close').post(
        { mchid: this.config.mchid },
        { out_trade_no: orderNo },
      );
    } catch (error) {
      if (httpStatus(error) === 404) return;
      throw error;
    }
  }

  /**
   * The SDK's chain (`client.v3.pay.transactions.native`) walked by path; `{name}` segments are
   * filled from the request config.
   */
  private endpoint(path: string): WechatEndpoint {
    let node: unknown = this.client;
    for (const segment of path.split('/')) node = (node as Record<string, unknown>)[segment];
    return node as WechatEndpoint;
  }

  verifyCallback(callback: IncomingCallback, now: Date): VerifiedCallback {
    const signature = headerValue(callback.headers, 'Wechatpay-Signature');
    const timestamp = headerValue(callback.headers, 'Wechatpay-Timestamp');
    const nonce = headerValue(callback.headers, 'Wechatpay-Nonce');
    const serial = headerValue(callback.headers, 'Wechatpay-Serial');
    if (!signature || !timestamp || !nonce || !serial) throw new CallbackRejectedError('unsigned');
    if (serial !== this.config.platformPublicKeyId) {
      throw new CallbackRejectedError('unknown_key', `serial ${serial}`);
    }
    const sentAt = Number(timestamp);
    if (
      !Number.isInteger(sentAt) ||
      Math.abs(now.getTime() / 1000 - sentAt) > CALLBACK_WINDOW_SECONDS
    ) {
      throw new CallbackRejectedError('stale', `timestamp ${timestamp}`);
    }
    const message = Formatter.response(timestamp, nonce, callback.rawBody);
    if (!Rsa.verify(message, signature, this.platformKey)) {
      throw new CallbackRejectedError('bad_signature');
    }
    const notification = parseJson<WechatNotification>(callback.rawBody);
    const resource = notification?.resource;
    if (!notification || !resource?.ciphertext || !resource.nonce) {
      throw new CallbackRejectedError('malformed');
    }
    let transaction: WechatTransaction | undefined;
    try {
      transaction = parseJson<WechatTransaction>(
        Aes.AesGcm.decrypt(
          resource.ciphertext,
          this.config.apiV3Key,
          resource.nonce,
          resource.associated_data ?? '',
        ),
      );
    } catch {
      throw new CallbackRejectedError('decrypt_failed');
    }
    if (!transaction?.out_trade_no || typeof transaction.amount?.total !== 'number') {
      throw new CallbackRejectedError('malformed');
    }
    if (transaction.mchid !== this.config.mchid || transaction.appid !== this.config.appid) {
      throw new CallbackRejectedError(
        'other_merchant',
        `mchid ${transaction.mchid} appid ${transaction.appid}`,
      );
    }
    if (transaction.amount.currency !== undefined && transaction.amount.currency !== 'CNY') {
      throw new CallbackRejectedError('amount_mismatch', `currency ${transaction.amount.currency}`);
    }
    return {
      notificationId: notification.id ?? null,
      orderNo: transaction.out_trade_no,
      paid:
        notification.event_type === 'TRANSACTION.SUCCESS' && transaction.trade_state === 'SUCCESS',
      amountFen: transaction.amount.total,
      tradeNo: transaction.transaction_id ?? null,
      paidAt: transaction.success_time ? new Date(transaction.success_time) : now,
    };
  }
}

/** The HTTP status of an SDK (axios) error, if the provider answered. */
function httpStatus(error: unknown): number | undefined {
  return (error as { response?: { status?: number } } | null)?.response?.status;
}

function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
