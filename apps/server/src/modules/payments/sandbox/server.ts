import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentProviderName } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AlipayStandIn } from './alipay-standin.ts';
import { loadOrCreateSandboxKeys, type SandboxKeys } from './keys.ts';
import type { SandboxCallback, SandboxTradeStore, StandInResponse } from './trades.ts';
import { WechatStandIn } from './wechat-standin.ts';

/** Sends a callback to the app's notify route; answers what the app replied. */
type CallbackDelivery = (callback: SandboxCallback) => Promise<{ status: number; body: string }>;

export class SandboxPayError extends Error {
  constructor(readonly reason: 'not_found' | 'closed' | 'expired') {
    super(`the sandbox trade is ${reason.replace('_', ' ')}`);
    this.name = 'SandboxPayError';
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Local stand-ins of WeChat Pay (`/v3/...`) and the Alipay gateway (`/gateway.do`) on one
 * loopback port, holding test keys from DATA_DIR. The app's real SDKs talk to it over HTTP;
 * `pay` plays the payer and posts the provider's signed callback to the app.
 */
export class PaymentsSandbox {
  readonly wechat: WechatStandIn;
  readonly alipay: AlipayStandIn;

  private constructor(
    readonly keys: SandboxKeys,
    private readonly server: Server,
    readonly url: string,
    /** Shared by every instance on the database: any of them pays, queries or closes a trade. */
    readonly trades: SandboxTradeStore,
    private readonly now: Clock,
    private readonly deliver: CallbackDelivery,
  ) {
    this.wechat = new WechatStandIn(keys.wechat, this.trades, now);
    this.alipay = new AlipayStandIn(keys.alipay, this.trades, now);
  }

  static async start(options: {
    dataDir: string;
    trades: SandboxTradeStore;
    now: Clock;
    deliver: CallbackDelivery;
  }): Promise<PaymentsSandbox> {
    const keys = await loadOrCreateSandboxKeys(options.dataDir);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const sandbox = new PaymentsSandbox(
      keys,
      server,
      `http://127.0.0.1:${port}`,
      options.trades,
      options.now,
      options.deliver,
    );
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void (async () => {
        const body = await readBody(request);
        const standIn = await sandbox.route({
          method: request.method ?? 'GET',
          url: request.url ?? '/',
          headers: request.headers,
          body,
        });
        response.writeHead(standIn.status, standIn.headers).end(standIn.body);
      })().catch(() => response.writeHead(500).end());
    });
    return sandbox;
  }

  private async route(request: Parameters<WechatStandIn['handle']>[0]): Promise<StandInResponse> {
    if (request.url.startsWith('/v3/')) return this.wechat.handle(request);
    if (request.url.startsWith('/gateway.do')) return this.alipay.handle(request);
    return { status: 404, headers: {}, body: '' };
  }

  get wechatBaseUrl(): string {
    return `${this.url}/`;
  }

  get alipayGateway(): string {
    return `${this.url}/gateway.do`;
  }

  /**
   * The payer scans and pays: the trade turns paid and the provider's signed callback is posted
   * to the notify URL given when the trade was created. `ignoreExpiry` plays a payment that
   * raced the expiry (the provider took the money just before the close).
   */
  async pay(
    provider: PaymentProviderName,
    orderNo: string,
    options: { ignoreExpiry?: boolean; notify?: boolean } = {},
  ): Promise<{ status: number; body: string } | null> {
    const trade = await this.trades.get(provider, orderNo);
    if (!trade) throw new SandboxPayError('not_found');
    const evenIfClosed = options.ignoreExpiry === true;
    if (!evenIfClosed) {
      if (trade.status === 'closed') throw new SandboxPayError('closed');
      if (trade.expiresAt && trade.expiresAt <= this.now()) throw new SandboxPayError('expired');
    }
    const standIn = provider === 'wechat' ? this.wechat : this.alipay;
    // One conditional UPDATE: a close on another instance meanwhile wins or loses as a whole.
    const paid = await this.trades.markPaid(provider, orderNo, {
      tradeNo: standIn.newTradeNo(),
      paidAt: this.now(),
      evenIfClosed,
    });
    if (!paid) throw new SandboxPayError('closed');
    const callback = standIn.paidCallback(paid);
    return options.notify === false ? null : this.deliver(callback);
  }

  /** Posts any callback (tests send tampered ones). */
  send(callback: SandboxCallback): Promise<{ status: number; body: string }> {
    return this.deliver(callback);
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // The SDKs keep connections alive; they would hold close() open.
    this.server.closeAllConnections();
    await closed;
  }
}
