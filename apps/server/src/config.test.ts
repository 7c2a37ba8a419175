import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST_DIR, loadConfig, parseDevRoutes, settings } from './config.ts';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'truss-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('applies the documented defaults; empty values count as unset', async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', SMTP_URL: ' ', PORT: '' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: null,
      smtpUrl: null,
      publicUrl: 'http://localhost:3000',
      nodeEnv: 'development',
      isProduction: false,
      logLevel: 'info',
      webDistDir: DEFAULT_WEB_DIST_DIR,
    });
    expect(DEFAULT_WEB_DIST_DIR.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('generates secrets once, keeps them in DATA_DIR/secrets.json with mode 0600', async () => {
    const dir = await dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      jwtSecret: first.jwtSecret,
      tokenHmacSecret: first.tokenHmacSecret,
    });
    expect(first.jwtSecret).not.toBe(first.tokenHmacSecret);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.tokenHmacSecret).toBe(first.tokenHmacSecret);
  });

  it('prefers secrets and settings from the environment', async () => {
    const dir = await dataDir();
    const config = loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: 'j',
      TOKEN_HMAC_SECRET: 'h',
      PORT: '4000',
      PUBLIC_URL: 'https://truss.example.com/',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(config).toMatchObject({
      jwtSecret: 'j',
      tokenHmacSecret: 'h',
      port: 4000,
      publicUrl: 'https://truss.example.com',
      isProduction: true,
      databaseUrl: 'postgres://u@h/db',
    });
    await expect(stat(path.join(dir, 'secrets.json'))).rejects.toThrow();
  });

  it('rejects a bad port', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'a', TOKEN_HMAC_SECRET: 'b' })).toThrow(
      /PORT/,
    );
  });

  it('documents every setting it reads', () => {
    expect(settings.map((setting) => setting.name)).toEqual([
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'PUBLIC_URL',
      'JWT_SECRET',
      'TOKEN_HMAC_SECRET',
      'NODE_ENV',
      'DEV_ROUTES',
      'LOG_LEVEL',
      'WEB_DIST_DIR',
      'TRUST_PROXY',
      'EMBED_FRAME_ANCESTORS',
      'GOOGLE_ISSUER',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'WECHAT_APP_ID',
      'WECHAT_APP_SECRET',
      'WECHAT_OPEN_URL',
      'WECHAT_API_URL',
    ]);
  });
});

describe('DEV_ROUTES', () => {
  const local = 'http://localhost:3000';
  it('defaults to loopback, accepts on/off, and is always off in production', () => {
    expect(parseDevRoutes(undefined, false, local)).toBe('loopback');
    expect(parseDevRoutes('ON', false, local)).toBe('on');
    expect(parseDevRoutes('off', false, local)).toBe('off');
    expect(parseDevRoutes('on', true, local)).toBe('off');
    expect(() => parseDevRoutes('yes', false, local)).toThrow(/DEV_ROUTES/);
  });

  it('defaults to off when PUBLIC_URL is not this machine; explicit values still count', async () => {
    for (const url of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://app.localhost']) {
      expect(parseDevRoutes(undefined, false, url), url).toBe('loopback');
    }
    for (const url of [
      'https://truss.example.com',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
    ]) {
      expect(parseDevRoutes(undefined, false, url), url).toBe('off');
    }
    expect(parseDevRoutes('loopback', false, 'https://truss.example.com')).toBe('loopback');
    // loadConfig: PUBLIC_URL unset (npm start) is http://localhost:PORT
    const dataDir = await mkdtemp(path.join(tmpdir(), 'truss-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).devRoutes).toBe('loopback');
    expect(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://truss.example.com' }).devRoutes,
    ).toBe('off');
    expect(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://truss.example.com', DEV_ROUTES: 'on' })
        .devRoutes,
    ).toBe('on');
    await rm(dataDir, { recursive: true, force: true });
  });
});
