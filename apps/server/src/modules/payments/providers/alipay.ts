import { createPrivateKey, createPublicKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../../../config-payments.ts';
import { CallbackRejectedError } from '../errors.ts';
import { beijingTimeText, fenToYuanText, parseBeijingTime, yuanTextToFen } from '../periods.ts';
import {
  CALLBACK_WINDOW_SECONDS,
  type IncomingCallback,
  type PayCodeRequest,
  type PaymentProviderAdapter,
  type ProviderTrade,
  type VerifiedCallback,
} from './types.ts';

const SUCCESS = '10000';
const TRADE_STATES: Record<string, ProviderTrade['state']> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
  WAIT_BUYER_PAY: 'unpaid',
};

/** Keys arrive as PEM (PKCS#1 or #8) or bare base64 DER; the SDK is given PKCS#8 / SPKI PEM. */
function privateKeyPem(key: string): string {
  const input = key.includes('-----BEGIN')
    ? createPrivateKey(key)
    : createPrivateKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'pkcs8' });
  return input.export({ format: 'pem', type: 'pkcs8' }).toString();
}

function publicKeyPem(key: string): string {
  const input = key.includes('-----BEGIN')
    ? createPublicKey(key)
    : createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' });
  return input.export({ format: 'pem', type: 'spki' }).toString();
}

interface AlipayResult {
  code?: string;
  sub_code?: string;
  qr_code?: string;
  trade_status?: string;
  total_amount?: string;
  trade_no?: string;
  send_pay_date?: string;
}

/**
 * Alipay face-to-face precreate (a QR code the Alipay app scans) through alipay-sdk: it signs
 * requests with the app key (RSA2) and verifies responses and callbacks with the Alipay key.
 */
export class AlipayProvider implements PaymentProviderAdapter {
  readonly name = 'alipay' as const;
  private readonly sdk: AlipaySdk;

  constructor(private readonly config: AlipayConfig) {
    this.sdk = new AlipaySdk({
      appId: config.appId,
      privateKey: privateKeyPem(config.privateKey),
      keyType: 'PKCS8',
      alipayPublicKey: publicKeyPem(config.alipayPublicKey),
      gateway: config.gateway,
      camelcase: false,
      timeout: 10_000,
    });
  }

  private async exec(method: string, params: Record<string, unknown>): Promise<AlipayResult> {
    return (await this.sdk.exec(method, params, { validateSign: true })) as AlipayResult;
  }

  async createPayCode(request: PayCodeRequest): Promise<string> {
    const result = await this.exec('alipay.trade.precreate', {
      notify_url: request.notifyUrl,
      bizContent: {
        out_trade_no: request.orderNo,
        total_amount: fenToYuanText(request.amountFen),
        subject: request.description,
        time_expire: beijingTimeText(request.expiresAt),
      },
    });
    if (result.code !== SUCCESS || !result.qr_code) {
      throw new Error(`Alipay precreate failed: ${result.code} ${result.sub_code ?? ''}`);
    }
    return result.qr_code;
  }

  async query(orderNo: string): Promise<ProviderTrade> {
    const result = await this.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } });
    if (result.code !== SUCCESS) {
      if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') {
        return { state: 'not_found', amountFen: null, tradeNo: null, paidAt: null };
      }
      throw new Error(`Alipay query failed: ${result.code} ${result.sub_code ?? ''}`);
    }
    return {
      state: TRADE_STATES[result.trade_status ?? ''] ?? 'unpaid',
      amountFen: result.total_amount ? yuanTextToFen(result.total_amount) : null,
      tradeNo: result.trade_no ?? null,
      paidAt: result.send_pay_date ? parseBeijingTime(result.send_pay_date) : null,
    };
  }

  async close(orderNo: string): Promise<void> {
    const result = await this.exec('alipay.trade.close', { bizContent: { out_trade_no: orderNo } });
    // A precreated trade nobody scanned does not exist at Alipay yet: nothing to close.
    if (result.code !== SUCCESS && result.sub_code !== 'ACQ.TRADE_NOT_EXIST') {
      throw new Error(`Alipay close failed: ${result.code} ${result.sub_code ?? ''}`);
    }
  }

  verifyCallback(callback: IncomingCallback, now: Date): VerifiedCallback {
    const params = Object.fromEntries(new URLSearchParams(callback.rawBody));
    if (!params.sign) throw new CallbackRejectedError('unsigned');
    // Our app signs with RSA2, and so does Alipay towards it. The SDK would take the algorithm from
    // the callback itself: a weaker one (RSA, SHA-1) is the sender's choice to make, and one it
    // does not know (NONE, RSA3) made it throw, which answered 500.
    const signType = params.sign_type ?? 'RSA2';
    if (signType !== 'RSA2') {
      throw new CallbackRejectedError('bad_signature', `sign_type ${signType.slice(0, 20)}`);
    }
    // The values are already form-decoded: the V2 check signs them as they are.
    let valid: boolean;
    try {
      valid = this.sdk.checkNotifySignV2(params);
    } catch (error) {
      throw new CallbackRejectedError('bad_signature', String(error).slice(0, 200));
    }
    if (!valid) throw new CallbackRejectedError('bad_signature');
    if (params.app_id !== this.config.appId) {
      throw new CallbackRejectedError('other_merchant', `app_id ${params.app_id}`);
    }
    const sentAt = params.notify_time ? parseBeijingTime(params.notify_time) : null;
    if (!sentAt || Math.abs(now.getTime() - sentAt.getTime()) > CALLBACK_WINDOW_SECONDS * 1000) {
      throw new CallbackRejectedError('stale', `notify_time ${params.notify_time}`);
    }
    const amountFen = params.total_amount ? yuanTextToFen(params.total_amount) : null;
    if (!params.out_trade_no || amountFen === null) throw new CallbackRejectedError('malformed');
    const status = params.trade_status ?? '';
    return {
      notificationId: params.notify_id ?? null,
      orderNo: params.out_trade_no,
      paid: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED',
      amountFen,
      tradeNo: params.trade_no ?? null,
      paidAt: (params.gmt_payment && parseBeijingTime(params.gmt_payment)) || now,
    };
  }
}
