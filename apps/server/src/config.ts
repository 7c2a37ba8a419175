import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOAuthConfig, type OAuthConfig } from './config-accounts.ts';
import { loadModelsConfig, type ModelsConfig } from './config-models.ts';
import {
  loadOperationsConfig,
  loadQuotaLimits,
  type OperationsConfig,
} from './config-operations.ts';
import { loadPaymentsConfig, type PaymentsConfig } from './config-payments.ts';
import type { QuotaLimits } from './modules/quotas/index.ts';

/**
 * Every environment setting the server reads, with its default. This table is the single source
 * for docs/configuration.md: keep it in sync with `loadConfig` below.
 * An empty value counts as unset.
 */
export const settings = [
  { name: 'PORT', default: '3000', description: 'HTTP port.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on.' },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Folder for the embedded database, generated secrets and local storage. Relative paths start in apps/server (where npm start runs the server): ./data is apps/server/data.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'PostgreSQL connection string (postgres://user@host:5432/db). Unset: embedded PGlite in DATA_DIR/db.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'SMTP server for outgoing mail (smtp://user:pass@host:587, smtps://...). Unset: dev outbox (stored in the database, listed at GET /api/dev/mail).',
  },
  { name: 'MAIL_FROM', default: 'Truss <no-reply@truss.local>', description: 'Sender of mails.' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    description: 'Public base URL of the app, used in links inside mails.',
  },
  {
    name: 'JWT_SECRET',
    default: '(generated)',
    description:
      'Secret that signs access tokens (HS256). Unset: generated on first start and kept in DATA_DIR/secrets.json (mode 0600). Set it when running several instances.',
  },
  {
    name: 'TOKEN_HMAC_SECRET',
    default: '(generated)',
    description:
      'Secret for HMAC hashes of refresh tokens and mailed codes. Unset: generated like JWT_SECRET.',
  },
  {
    name: 'NODE_ENV',
    default: 'development',
    description:
      'production: the dev routes and the payment sandbox never run, API docs are off by default. Any other value (npm start sets none) is a development server (see DEV_ROUTES).',
  },
  {
    name: 'DEV_ROUTES',
    default: 'loopback or off',
    description:
      'Who may use /api/dev/* (the outbox of every mailed code, sandbox Pay): loopback (this machine, never through a proxy), on, off. Unset: loopback if PUBLIC_URL is localhost/127.0.0.1/[::1], else off.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino log level (fatal, error, warn, info, debug, trace, silent).',
  },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description: 'Built web app served as the SPA (resolved from the server folder by default).',
  },
  {
    name: 'TRUST_PROXY',
    default: '(unset)',
    description:
      'Proxies trusted for X-Forwarded-For, which then gives the client IP (per-IP limits, logs): true, a hop count, or IPs/CIDRs/loopback. Unset: none. Forwarded requests never count as local.',
  },
  {
    name: 'EMBED_FRAME_ANCESTORS',
    default: '*',
    description:
      'Sites that may show the share embed page (/share/{token}?embed=1) in an iframe: CSP frame-ancestors sources, space-separated (https://intranet.example.com, self, none). Every other page refuses framing.',
  },
  {
    name: 'GOOGLE_ISSUER',
    default: 'https://accounts.google.com',
    description: 'OpenID Connect issuer for "Sign in with Google" (discovery at /.well-known).',
  },
  {
    name: 'GOOGLE_CLIENT_ID',
    default: '(unset)',
    description:
      'OAuth client id for Google sign-in; redirect URI PUBLIC_URL/callback. Unset (or no secret): no Google button.',
  },
  {
    name: 'GOOGLE_CLIENT_SECRET',
    default: '(unset)',
    description: 'OAuth client secret for Google.',
  },
  {
    name: 'WECHAT_APP_ID',
    default: '(unset)',
    description:
      'WeChat Open Platform website app id (QR connect); redirect URI PUBLIC_URL/callback. Unset: no WeChat button.',
  },
  { name: 'WECHAT_APP_SECRET', default: '(unset)', description: 'WeChat website app secret.' },
  {
    name: 'WECHAT_OPEN_URL',
    default: 'https://open.weixin.qq.com',
    description: 'WeChat QR connect base URL (the authorization page).',
  },
  {
    name: 'WECHAT_API_URL',
    default: 'https://api.weixin.qq.com',
    description: 'WeChat API base URL (sns/oauth2/access_token, sns/userinfo).',
  },
] as const;

type SettingName = (typeof settings)[number]['name'];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL, or null for embedded PGlite in `dataDir/db`. */
  databaseUrl: string | null;
  /** SMTP URL, or null for the dev outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: string;
  tokenHmacSecret: string;
  nodeEnv: string;
  isProduction: boolean;
  logLevel: string;
  webDistDir: string;
  /** Fastify's trustProxy: which X-Forwarded-For hops give `request.ip`. */
  trustProxy: TrustProxy;
  /** The dev outbox routes: off, loopback clients only, or anyone. */
  devRoutes: DevRoutes;
  /** CSP frame-ancestors of the share embed page. */
  embedFrameAncestors: string[];
  /** Uploads, storage, jobs and conversion workers (settings in config-models.ts). */
  models: ModelsConfig;
  /** Google and WeChat sign-in (config-accounts.ts); null providers are off. */
  oauth: OAuthConfig;
  /** WeChat Pay and Alipay (config-payments.ts); null providers are off or sandboxed. */
  payments: PaymentsConfig;
  /** Caps per caller (config-operations.ts); null: off. */
  quotas: QuotaLimits | null;
  /** Metrics access and API docs (config-operations.ts). */
  operations: OperationsConfig;
}

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_WEB_DIST_DIR = path.resolve(serverRoot, '../web/dist');

type Env = Record<string, string | undefined>;

export type DevRoutes = 'off' | 'loopback' | 'on';

/** Whether a URL's host is this machine (localhost, 127.0.0.0/8, [::1]). */
function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * DEV_ROUTES: loopback, on or off. Unset: loopback for a server whose PUBLIC_URL is this machine
 * (`npm start` on a laptop), off for one that says it is public; production never serves them.
 */
export function parseDevRoutes(
  value: string | undefined,
  isProduction: boolean,
  publicUrl: string,
): DevRoutes {
  if (isProduction) return 'off';
  const mode = (value ?? (isLocalUrl(publicUrl) ? 'loopback' : 'off')).toLowerCase();
  if (mode === 'on' || mode === 'off' || mode === 'loopback') return mode;
  throw new Error(`DEV_ROUTES must be loopback, on or off (got "${value}")`);
}

function read(env: Env, name: SettingName): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Fastify's trustProxy: all, none, these addresses/CIDRs, or a test per hop. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** EMBED_FRAME_ANCESTORS: sources split on spaces/commas; bare self/none get their quotes. */
export function parseFrameAncestors(value: string | undefined): string[] {
  const sources = (value ?? '*').split(/[\s,]+/).filter(Boolean);
  return sources.map((source) =>
    /^(self|none)$/i.test(source) ? `'${source.toLowerCase()}'` : source,
  );
}

/** TRUST_PROXY: unset/false, true, a hop count, or comma-separated addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    // Trust the nearest `hops` proxies (what Fastify does with a number, which its types lack).
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${value}"`);
  }
  return port;
}

interface StoredSecrets {
  jwtSecret: string;
  tokenHmacSecret: string;
}

/** Reads DATA_DIR/secrets.json, creating it (mode 0600) with fresh random secrets if missing. */
function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
    if (stored.jwtSecret && stored.tokenHmacSecret) {
      return { jwtSecret: stored.jwtSecret, tokenHmacSecret: stored.tokenHmacSecret };
    }
  }
  const secrets: StoredSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    tokenHmacSecret: randomBytes(48).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}

/** Builds the configuration from environment variables (see `settings`). */
export function loadConfig(env: Env = process.env, argv: readonly string[] = []): Config {
  const port = parsePort(read(env, 'PORT'));
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? './data');
  const nodeEnv = read(env, 'NODE_ENV') ?? 'development';
  const publicUrl = (read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  let jwtSecret = read(env, 'JWT_SECRET');
  let tokenHmacSecret = read(env, 'TOKEN_HMAC_SECRET');
  if (!jwtSecret || !tokenHmacSecret) {
    const stored = loadOrCreateSecrets(dataDir);
    jwtSecret ??= stored.jwtSecret;
    tokenHmacSecret ??= stored.tokenHmacSecret;
  }
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: read(env, 'DATABASE_URL') ?? null,
    smtpUrl: read(env, 'SMTP_URL') ?? null,
    mailFrom: read(env, 'MAIL_FROM') ?? 'Truss <no-reply@truss.local>',
    publicUrl,
    jwtSecret,
    tokenHmacSecret,
    nodeEnv,
    isProduction: nodeEnv === 'production',
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    webDistDir: path.resolve(read(env, 'WEB_DIST_DIR') ?? DEFAULT_WEB_DIST_DIR),
    trustProxy: parseTrustProxy(read(env, 'TRUST_PROXY')),
    devRoutes: parseDevRoutes(read(env, 'DEV_ROUTES'), nodeEnv === 'production', publicUrl),
    embedFrameAncestors: parseFrameAncestors(read(env, 'EMBED_FRAME_ANCESTORS')),
    models: loadModelsConfig(env, dataDir, argv),
    oauth: loadOAuthConfig(env),
    payments: loadPaymentsConfig(env, nodeEnv === 'production'),
    quotas: loadQuotaLimits(env, nodeEnv === 'production'),
    operations: loadOperationsConfig(env, nodeEnv === 'production'),
  };
}
