import { existsSync, readFileSync } from 'node:fs';

/**
 * Payment provider settings (issue 15). A provider is on when all of its credentials are set;
 * the local sandbox stands in for every provider that is not, unless PAYMENTS_SANDBOX=off or
 * NODE_ENV=production. docs/configuration.md lists them (configuration-docs.test.ts).
 */
export const paymentSettings = [
  {
    name: 'PAYMENTS_SANDBOX',
    default: 'auto',
    description:
      'auto: local stand-ins of WeChat Pay and Alipay (test keys in DATA_DIR/payments-sandbox) for every provider without credentials, except in production; off: none (a provider without credentials is not offered).',
  },
  {
    name: 'SALES_EMAIL',
    default: '(unset)',
    description:
      'Where Enterprise "Contact sales" requests are mailed. Unset: they are only recorded (sales_contacts table).',
  },
  { name: 'WECHATPAY_MCHID', default: '(unset)', description: 'WeChat Pay merchant id (mchid).' },
  {
    name: 'WECHATPAY_APPID',
    default: '(unset)',
    description: 'App id bound to the merchant (appid of Native pay).',
  },
  {
    name: 'WECHATPAY_MERCHANT_SERIAL',
    default: '(unset)',
    description: 'Serial number of the merchant API certificate.',
  },
  {
    name: 'WECHATPAY_MERCHANT_PRIVATE_KEY',
    default: '(unset)',
    description: 'Merchant API private key: PEM text or the path of a PEM file.',
  },
  {
    name: 'WECHATPAY_PUBLIC_KEY_ID',
    default: '(unset)',
    description: 'Id of the WeChat Pay platform public key (PUB_KEY_ID_..., the Wechatpay-Serial).',
  },
  {
    name: 'WECHATPAY_PUBLIC_KEY',
    default: '(unset)',
    description: 'WeChat Pay platform public key (verifies responses and callbacks): PEM or path.',
  },
  {
    name: 'WECHATPAY_API_V3_KEY',
    default: '(unset)',
    description: 'API v3 key (32 characters) that decrypts callback resources (AES-256-GCM).',
  },
  {
    name: 'WECHATPAY_BASE_URL',
    default: 'https://api.mch.weixin.qq.com/',
    description: 'WeChat Pay API base URL.',
  },
  { name: 'ALIPAY_APP_ID', default: '(unset)', description: 'Alipay open platform app id.' },
  {
    name: 'ALIPAY_PRIVATE_KEY',
    default: '(unset)',
    description: 'App private key (RSA2, signs requests): PEM, bare base64 or the path of a file.',
  },
  {
    name: 'ALIPAY_PUBLIC_KEY',
    default: '(unset)',
    description: 'Alipay public key (verifies responses and callbacks): PEM, base64 or path.',
  },
  {
    name: 'ALIPAY_GATEWAY',
    default: 'https://openapi.alipay.com/gateway.do',
    description: 'Alipay gateway URL.',
  },
] as const;

export interface WechatPayConfig {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPrivateKey: string;
  platformPublicKeyId: string;
  platformPublicKey: string;
  apiV3Key: string;
  baseUrl: string;
}

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}

export interface PaymentsConfig {
  /** null: not configured (the sandbox may stand in). */
  wechat: WechatPayConfig | null;
  alipay: AlipayConfig | null;
  /** Run the local stand-ins for the providers that are not configured. */
  sandbox: boolean;
  /** Address of the Enterprise sales team; null: contact requests are only recorded. */
  salesEmail?: string | null;
}

const DEFAULT_WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com/';
const DEFAULT_ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

type Env = Record<string, string | undefined>;

function read(env: Env, name: (typeof paymentSettings)[number]['name']): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A key given inline (PEM or bare base64) or as the path of a file. */
function keyText(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.includes('-----BEGIN') || !existsSync(value)) return value;
  return readFileSync(value, 'utf8');
}

export function loadPaymentsConfig(env: Env, isProduction: boolean): PaymentsConfig {
  const wechat = {
    mchid: read(env, 'WECHATPAY_MCHID'),
    appid: read(env, 'WECHATPAY_APPID'),
    merchantSerial: read(env, 'WECHATPAY_MERCHANT_SERIAL'),
    merchantPrivateKey: keyText(read(env, 'WECHATPAY_MERCHANT_PRIVATE_KEY')),
    platformPublicKeyId: read(env, 'WECHATPAY_PUBLIC_KEY_ID'),
    platformPublicKey: keyText(read(env, 'WECHATPAY_PUBLIC_KEY')),
    apiV3Key: read(env, 'WECHATPAY_API_V3_KEY'),
    baseUrl: read(env, 'WECHATPAY_BASE_URL') ?? DEFAULT_WECHATPAY_BASE_URL,
  };
  const alipay = {
    appId: read(env, 'ALIPAY_APP_ID'),
    privateKey: keyText(read(env, 'ALIPAY_PRIVATE_KEY')),
    alipayPublicKey: keyText(read(env, 'ALIPAY_PUBLIC_KEY')),
    gateway: read(env, 'ALIPAY_GATEWAY') ?? DEFAULT_ALIPAY_GATEWAY,
  };
  const sandboxSetting = read(env, 'PAYMENTS_SANDBOX') ?? 'auto';
  if (sandboxSetting !== 'auto' && sandboxSetting !== 'off') {
    throw new Error(`PAYMENTS_SANDBOX must be auto or off, got "${sandboxSetting}"`);
  }
  return {
    wechat: allSet(wechat) ? wechat : null,
    alipay: allSet(alipay) ? alipay : null,
    sandbox: sandboxSetting === 'auto' && !isProduction,
    salesEmail: read(env, 'SALES_EMAIL') ?? null,
  };
}

function allSet<T extends Record<string, string | undefined>>(
  values: T,
): values is { [K in keyof T]: string } & T {
  return Object.values(values).every((value) => value !== undefined);
}
