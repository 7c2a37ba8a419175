import { createSign, createVerify, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../../lib/clock.ts';
import { beijingTimeText, fenToYuanText, parseBeijingTime, yuanTextToFen } from '../periods.ts';
import type { SandboxKeys } from './keys.ts';
import type {
  SandboxCallback,
  SandboxTrade,
  SandboxTradeStore,
  StandInRequest,
  StandInResponse,
} from './trades.ts';

/** Alipay's RSA2 signing string: sorted `key=value` pairs joined by `&`, values as they are. */
function alipaySignContent(params: Record<string, string>, omit: string[]): string {
  return Object.keys(params)
    .filter((key) => !omit.includes(key))
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

type Result = Record<string, unknown>;
const OK = { code: '10000', msg: 'Success' };
const notExist = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' };

/**
 * A stand-in of the Alipay gateway (precreate, query, close): checks the app's RSA2 request
 * signature as Alipay does, and signs answers and callbacks with the "Alipay" key.
 */
export class AlipayStandIn {
  constructor(
    private readonly keys: SandboxKeys['alipay'],
    private readonly trades: SandboxTradeStore,
    private readonly now: Clock,
  ) {}

  async handle(request: StandInRequest): Promise<StandInResponse> {
    const url = new URL(request.url, 'http://sandbox');
    const params: Record<string, string> = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(request.body)),
    };
    const method = params.method ?? 'unknown';
    const key = `${method.replaceAll('.', '_')}_response`;
    const verified =
      params.sign !== undefined &&
      params.app_id === this.keys.appId &&
      createVerify('RSA-SHA256')
        .update(alipaySignContent(params, ['sign']), 'utf8')
        .verify(this.keys.appPublicKey, params.sign, 'base64');
    if (!verified) {
      return this.answer(key, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
      });
    }
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return this.answer(key, { code: '40002', msg: 'Invalid Arguments' });
    }
    const orderNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    switch (method) {
      case 'alipay.trade.precreate':
        return this.answer(key, await this.precreate(orderNo, biz, params.notify_url ?? ''));
      case 'alipay.trade.query':
        return this.answer(key, await this.query(orderNo));
      case 'alipay.trade.close':
        return this.answer(key, await this.close(orderNo));
      default:
        return this.answer(key, { code: '40004', msg: 'Business Failed', sub_code: 'isv.method' });
    }
  }

  private async precreate(orderNo: string, biz: Result, notifyUrl: string): Promise<Result> {
    const amountFen = yuanTextToFen(String(biz.total_amount ?? ''));
    if (!orderNo || amountFen === null) return { code: '40004', msg: 'Business Failed' };
    const existing = await this.trades.get('alipay', orderNo);
    if (existing?.status === 'paid') {
      return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_SUCCESS' };
    }
    const trade: SandboxTrade = existing ?? {
      provider: 'alipay',
      orderNo,
      amountFen,
      description: String(biz.subject ?? ''),
      notifyUrl,
      expiresAt: typeof biz.time_expire === 'string' ? parseBeijingTime(biz.time_expire) : null,
      status: 'unpaid',
      payCode: `https://qr.alipay.com/sandbox${randomBytes(9).toString('base64url')}`,
      tradeNo: null,
      paidAt: null,
    };
    const stored = await this.trades.create(trade);
    return { ...OK, out_trade_no: orderNo, qr_code: stored.payCode };
  }

  private async query(orderNo: string): Promise<Result> {
    const trade = await this.trades.get('alipay', orderNo);
    if (!trade) return notExist;
    const status = { unpaid: 'WAIT_BUYER_PAY', paid: 'TRADE_SUCCESS', closed: 'TRADE_CLOSED' };
    return {
      ...OK,
      out_trade_no: orderNo,
      trade_status: status[trade.status],
      total_amount: fenToYuanText(trade.amountFen),
      ...(trade.tradeNo ? { trade_no: trade.tradeNo } : {}),
      ...(trade.paidAt ? { send_pay_date: beijingTimeText(trade.paidAt) } : {}),
    };
  }

  private async close(orderNo: string): Promise<Result> {
    const trade = await this.trades.close('alipay', orderNo);
    if (!trade) return notExist;
    if (trade.status === 'paid') {
      return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR' };
    }
    return { ...OK, out_trade_no: orderNo };
  }

  /** `{"<method>_response":{...},"sign":"..."}`: the sign covers the inner JSON text. */
  private answer(key: string, result: Result): StandInResponse {
    const inner = JSON.stringify(result);
    const sign = rsa2Sign(inner, this.keys.alipayPrivateKey);
    return {
      status: 200,
      headers: { 'content-type': 'application/json;charset=utf-8' },
      body: `{"${key}":${inner},"sign":"${sign}"}`,
    };
  }

  /** A new Alipay trade number. */
  newTradeNo(): string {
    return `2025${Date.now()}${randomBytes(4).toString('hex')}`;
  }

  /** The signed asynchronous notification of a trade the payer paid. */
  paidCallback(trade: SandboxTrade): SandboxCallback {
    return this.callback(this.notificationOf(trade), trade.notifyUrl);
  }

  notificationOf(trade: SandboxTrade): Record<string, string> {
    const amount = fenToYuanText(trade.amountFen);
    const paidAt = beijingTimeText(trade.paidAt ?? this.now());
    return {
      notify_type: 'trade_status_sync',
      notify_id: randomUUID().replaceAll('-', ''),
      app_id: this.keys.appId,
      auth_app_id: this.keys.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo ?? '',
      out_trade_no: trade.orderNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: amount,
      receipt_amount: amount,
      buyer_pay_amount: amount,
      subject: trade.description,
      gmt_create: paidAt,
      gmt_payment: paidAt,
      seller_id: '2088000000000001',
      buyer_logon_id: 'san***@sandbox.test',
    };
  }

  /** Signs `params` (tests pass tampered ones) at notify_time = the app clock's now. */
  callback(
    params: Record<string, string>,
    url: string,
    options: { notifyTime?: Date } = {},
  ): SandboxCallback {
    const fields = {
      ...params,
      notify_time: beijingTimeText(options.notifyTime ?? this.now()),
      sign_type: 'RSA2',
    };
    const sign = rsa2Sign(
      alipaySignContent(fields, ['sign', 'sign_type']),
      this.keys.alipayPrivateKey,
    );
    return {
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams({ ...fields, sign }).toString(),
    };
  }
}
