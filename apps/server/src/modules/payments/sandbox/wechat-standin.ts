import { randomBytes, randomUUID } from 'node:crypto';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { Clock } from '../../../lib/clock.ts';
import { rfc3339Beijing } from '../periods.ts';
import type { SandboxKeys } from './keys.ts';
import type {
  SandboxCallback,
  SandboxTrade,
  SandboxTradeStore,
  StandInRequest,
  StandInResponse,
} from './trades.ts';

const QUERY_PATH = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?(?:\?.*)?$/;

/** The merchant's request signature: `WECHATPAY2-SHA256-RSA2048 mchid="..",nonce_str="..",...`. */
function parseAuthorization(header: string | undefined): Record<string, string> | null {
  const match = /^WECHATPAY2-SHA256-RSA2048\s+(.+)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  return Object.fromEntries(
    [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((part) => [part[1], part[2]]),
  );
}

/**
 * A stand-in of WeChat Pay API v3 (Native pay, query, close): checks the merchant's request
 * signature like WeChat Pay does, and signs its answers and callbacks with the platform key.
 */
export class WechatStandIn {
  constructor(
    private readonly keys: SandboxKeys['wechat'],
    private readonly trades: SandboxTradeStore,
    /** The app's clock: callbacks carry its time. */
    private readonly now: Clock,
  ) {}

  async handle(request: StandInRequest): Promise<StandInResponse> {
    const auth = parseAuthorization(headerOf(request, 'authorization'));
    const signed =
      auth &&
      auth.mchid === this.keys.mchid &&
      auth.serial_no === this.keys.merchantSerial &&
      Rsa.verify(
        Formatter.request(
          request.method,
          request.url,
          auth.timestamp ?? '',
          auth.nonce_str ?? '',
          request.body,
        ),
        auth.signature ?? '',
        this.keys.merchantPublicKey,
      );
    if (!signed) return this.answer(401, { code: 'SIGN_ERROR', message: 'signature invalid' });

    if (request.method === 'POST' && request.url === '/v3/pay/transactions/native') {
      return this.native(JSON.parse(request.body) as Record<string, unknown>);
    }
    const match = QUERY_PATH.exec(request.url);
    const orderNo = match?.[1] ? decodeURIComponent(match[1]) : undefined;
    if (orderNo && request.method === 'GET' && !match?.[2]) return this.query(orderNo);
    if (orderNo && request.method === 'POST' && match?.[2]) return this.close(orderNo);
    return this.answer(404, { code: 'NOT_FOUND', message: 'no such API in the sandbox' });
  }

  private async native(body: Record<string, unknown>): Promise<StandInResponse> {
    const amount = body.amount as { total?: unknown } | undefined;
    if (body.mchid !== this.keys.mchid || body.appid !== this.keys.appid) {
      return this.answer(400, { code: 'PARAM_ERROR', message: 'mchid and appid do not match' });
    }
    if (typeof body.out_trade_no !== 'string' || typeof amount?.total !== 'number') {
      return this.answer(400, { code: 'PARAM_ERROR', message: 'out_trade_no, amount.total' });
    }
    const existing = await this.trades.get('wechat', body.out_trade_no);
    if (existing?.status === 'paid') return this.answer(400, { code: 'ORDERPAID', message: '' });
    const trade: SandboxTrade = existing ?? {
      provider: 'wechat',
      orderNo: body.out_trade_no,
      amountFen: amount.total,
      description: String(body.description ?? ''),
      notifyUrl: String(body.notify_url ?? ''),
      expiresAt: typeof body.time_expire === 'string' ? new Date(body.time_expire) : null,
      status: 'unpaid',
      payCode: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
      tradeNo: null,
      paidAt: null,
    };
    const stored = await this.trades.create(trade);
    return this.answer(200, { code_url: stored.payCode });
  }

  private async query(orderNo: string): Promise<StandInResponse> {
    const trade = await this.trades.get('wechat', orderNo);
    if (!trade) return this.answer(404, { code: 'ORDER_NOT_EXIST', message: 'order not found' });
    return this.answer(200, this.transaction(trade));
  }

  private async close(orderNo: string): Promise<StandInResponse> {
    const trade = await this.trades.close('wechat', orderNo);
    if (!trade) return this.answer(404, { code: 'ORDER_NOT_EXIST', message: 'order not found' });
    if (trade.status === 'paid') return this.answer(400, { code: 'ORDERPAID', message: '' });
    return this.answer(204, null);
  }

  private transaction(trade: SandboxTrade): Record<string, unknown> {
    const state = { unpaid: 'NOTPAY', paid: 'SUCCESS', closed: 'CLOSED' }[trade.status];
    return {
      appid: this.keys.appid,
      mchid: this.keys.mchid,
      out_trade_no: trade.orderNo,
      trade_type: 'NATIVE',
      trade_state: state,
      trade_state_desc: state,
      ...(trade.tradeNo ? { transaction_id: trade.tradeNo, bank_type: 'OTHERS' } : {}),
      ...(trade.paidAt ? { success_time: rfc3339Beijing(trade.paidAt) } : {}),
      ...(trade.status === 'paid' ? { payer: { openid: 'oSandboxPayer' } } : {}),
      amount: { total: trade.amountFen, payer_total: trade.amountFen, currency: 'CNY' },
    };
  }

  /** Signs an answer like WeChat Pay: the SDK checks these headers against the platform key. */
  private answer(status: number, payload: unknown): StandInResponse {
    const body = payload === null ? '' : JSON.stringify(payload);
    return {
      status,
      headers: {
        'content-type': 'application/json',
        ...this.signatureHeaders(body, Math.floor(Date.now() / 1000)),
      },
      body,
    };
  }

  private signatureHeaders(body: string, timestamp: number): Record<string, string> {
    const nonce = Formatter.nonce();
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-serial': this.keys.platformPublicKeyId,
      'wechatpay-signature': Rsa.sign(
        Formatter.response(timestamp, nonce, body),
        this.keys.platformPrivateKey,
      ),
    };
  }

  /** A new WeChat Pay transaction id. */
  newTradeNo(): string {
    return `4200${Date.now()}${randomBytes(4).toString('hex')}`;
  }

  /** The signed TRANSACTION.SUCCESS of a trade the payer paid. */
  paidCallback(trade: SandboxTrade): SandboxCallback {
    return this.callback(this.transaction(trade), trade.notifyUrl);
  }

  /**
   * A callback carrying `transaction` (tests pass tampered ones), encrypted with the API v3 key
   * and signed with the platform key at `timestamp` (default: the app clock's now).
   */
  callback(
    transaction: Record<string, unknown>,
    url: string,
    options: { timestamp?: number; id?: string } = {},
  ): SandboxCallback {
    const nonce = randomBytes(6).toString('hex');
    const created = this.now();
    const body = JSON.stringify({
      id: options.id ?? randomUUID(),
      create_time: rfc3339Beijing(created),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(
          JSON.stringify(transaction),
          this.keys.apiV3Key,
          nonce,
          'transaction',
        ),
        associated_data: 'transaction',
        nonce,
      },
    });
    const timestamp = options.timestamp ?? Math.floor(created.getTime() / 1000);
    return {
      url,
      headers: { 'content-type': 'application/json', ...this.signatureHeaders(body, timestamp) },
      body,
    };
  }

  transactionOf(trade: SandboxTrade): Record<string, unknown> {
    return this.transaction(trade);
  }
}

function headerOf(request: StandInRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
