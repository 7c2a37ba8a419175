import { generateKeyPair, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AlipayConfig, WechatPayConfig } from '../../../config-payments.ts';

const generateRsa = promisify(generateKeyPair);

/** Both sides of both providers: what the app holds, and what the stand-ins hold. */
export interface SandboxKeys {
  wechat: {
    mchid: string;
    appid: string;
    merchantSerial: string;
    merchantPrivateKey: string;
    /** The stand-in verifies request signatures with it. */
    merchantPublicKey: string;
    platformPublicKeyId: string;
    platformPublicKey: string;
    /** The stand-in signs responses and callbacks with it. */
    platformPrivateKey: string;
    apiV3Key: string;
  };
  alipay: {
    appId: string;
    appPrivateKey: string;
    appPublicKey: string;
    alipayPrivateKey: string;
    alipayPublicKey: string;
  };
}

async function rsaPair(): Promise<{ privateKey: string; publicKey: string }> {
  return generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

async function generateKeys(): Promise<SandboxKeys> {
  const [merchant, platform, app, alipay] = await Promise.all([
    rsaPair(),
    rsaPair(),
    rsaPair(),
    rsaPair(),
  ]);
  return {
    wechat: {
      mchid: '1900000109',
      appid: 'wxd678efh567hg6787',
      merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
      merchantPrivateKey: merchant.privateKey,
      merchantPublicKey: merchant.publicKey,
      platformPublicKeyId: `PUB_KEY_ID_${randomBytes(16).toString('hex').toUpperCase()}`,
      platformPublicKey: platform.publicKey,
      platformPrivateKey: platform.privateKey,
      // 32 characters, as WeChat Pay's API v3 key
      apiV3Key: randomBytes(16).toString('hex'),
    },
    alipay: {
      appId: '9021000000000001',
      appPrivateKey: app.privateKey,
      appPublicKey: app.publicKey,
      alipayPrivateKey: alipay.privateKey,
      alipayPublicKey: alipay.publicKey,
    },
  };
}

/** DATA_DIR/payments-sandbox/keys.json (mode 0600), generated on first use. */
export async function loadOrCreateSandboxKeys(dataDir: string): Promise<SandboxKeys> {
  const folder = path.join(dataDir, 'payments-sandbox');
  const file = path.join(folder, 'keys.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SandboxKeys;
  } catch {
    // first start: generate below
  }
  const keys = await generateKeys();
  await mkdir(folder, { recursive: true });
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return keys;
}

/** What the app's WeChat Pay adapter is configured with when the stand-in is at `baseUrl`. */
export function sandboxWechatConfig(keys: SandboxKeys, baseUrl: string): WechatPayConfig {
  const { wechat } = keys;
  return {
    mchid: wechat.mchid,
    appid: wechat.appid,
    merchantSerial: wechat.merchantSerial,
    merchantPrivateKey: wechat.merchantPrivateKey,
    platformPublicKeyId: wechat.platformPublicKeyId,
    platformPublicKey: wechat.platformPublicKey,
    apiV3Key: wechat.apiV3Key,
    baseUrl,
  };
}

export function sandboxAlipayConfig(keys: SandboxKeys, gateway: string): AlipayConfig {
  return {
    appId: keys.alipay.appId,
    privateKey: keys.alipay.appPrivateKey,
    alipayPublicKey: keys.alipay.alipayPublicKey,
    gateway,
  };
}
