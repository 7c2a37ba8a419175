import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthResponse, Order } from '@truss/contracts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { AlipayStandIn } from '../sandbox/alipay-standin.ts';
import { loadOrCreateSandboxKeys, type SandboxKeys } from '../sandbox/keys.ts';
import { MemorySandboxTrades, type SandboxCallback } from '../sandbox/trades.ts';
import { WechatStandIn } from '../sandbox/wechat-standin.ts';

export interface PaymentsFixture {
  server: TestServer;
  keys: SandboxKeys;
  /** Builders of signed callbacks with the sandbox's keys (tests tamper with them). */
  wechat: WechatStandIn;
  alipay: AlipayStandIn;
  /** POSTs a callback to the server over HTTP, as the provider would. */
  send(callback: SandboxCallback): Promise<{ status: number; text: string }>;
  order(token: string, planId?: string, period?: string): Promise<Order>;
  pay(orderId: string, provider: 'wechat' | 'alipay', notify?: boolean): Promise<number>;
  /** A new access token (after the test clock moved past the old one's 15 minutes). */
  signIn(user: { user: { email: string }; password: string }): Promise<string>;
}

/**
 * Four RSA key pairs take seconds on a busy machine: one set of test keys is kept in the temp
 * folder across runs (made in a private folder, then renamed into place) and copied into each
 * test server's DATA_DIR.
 */
const SHARED_KEYS_DIR = path.join(tmpdir(), 'truss-payments-test-keys');

async function dataDirWithSandboxKeys(): Promise<string> {
  if (!existsSync(path.join(SHARED_KEYS_DIR, 'payments-sandbox', 'keys.json'))) {
    const fresh = await mkdtemp(path.join(tmpdir(), 'truss-pay-keys-'));
    await loadOrCreateSandboxKeys(fresh);
    // another worker may have won the race: its keys are as good
    await rename(fresh, SHARED_KEYS_DIR).catch(() => rm(fresh, { recursive: true, force: true }));
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'truss-pay-test-'));
  await cp(path.join(SHARED_KEYS_DIR, 'payments-sandbox'), path.join(dataDir, 'payments-sandbox'), {
    recursive: true,
  });
  return dataDir;
}

/** A test server with payments on through the sandbox (both providers stand-ins). */
export async function startPaymentsServer(): Promise<PaymentsFixture> {
  const dataDir = await dataDirWithSandboxKeys();
  const started = await startTestServer({
    mail: 'outbox',
    dataDir,
    config: { payments: { wechat: null, alipay: null, sandbox: true } },
  });
  const server: TestServer = {
    ...started,
    async close() {
      await started.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  const keys = await loadOrCreateSandboxKeys(server.dataDir);
  return {
    server,
    keys,
    wechat: new WechatStandIn(keys.wechat, new MemorySandboxTrades(), server.clock),
    alipay: new AlipayStandIn(keys.alipay, new MemorySandboxTrades(), server.clock),
    async send(callback) {
      const response = await fetch(`${server.url}${new URL(callback.url).pathname}`, {
        method: 'POST',
        headers: callback.headers,
        body: callback.body,
      });
      return { status: response.status, text: await response.text() };
    },
    async order(token, planId = 'pro', period = 'monthly') {
      const res = await server.api<Order>('POST', '/api/orders/create', {
        token,
        body: { plan_id: planId, plan_period: period, currency: 'CNY' },
      });
      if (res.status !== 200) throw new Error(`order failed: ${res.text}`);
      return res.body;
    },
    async pay(orderId, provider, notify = true) {
      const res = await server.api('POST', `/api/dev/payments/${orderId}/pay`, {
        body: { provider, notify },
      });
      return res.status;
    },
    async signIn(user) {
      const res = await server.api<AuthResponse>('POST', '/api/auth/login', {
        body: { email: user.user.email, password: user.password },
      });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.text}`);
      return res.body.token;
    },
  };
}

export const WECHAT_NOTIFY = 'http://127.0.0.1/api/payments/wechat/notify';
export const ALIPAY_NOTIFY = 'http://127.0.0.1/api/payments/alipay/notify';
