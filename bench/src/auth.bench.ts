/**
 * Sign-in path figures on this machine: argon2id verification dominates login; refresh and
 * authenticated reads should stay in single-digit milliseconds. Runs the real server (PGlite,
 * dev outbox) in a child process and talks HTTP to it, as a browser would.
 *
 *   npm run bench:auth -w @truss/bench
 */
import { startServer } from '@truss/e2e/support/server';
import { withCleanup, type Cleanup } from './support/cleanup.ts';
import { printTable, summarize, timeEach } from './stats.ts';

interface Json {
  [key: string]: unknown;
}

async function call(url: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
  const body = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Signs up and verifies an account through the dev outbox; its tokens. */
async function verifiedAccount(url: string, email: string, password: string): Promise<Json> {
  await call(url, '/api/auth/signup', {
    method: 'POST',
    json: { email, password, agreeTerms: true },
  });
  const mails = (await call(url, `/api/dev/mail?to=${encodeURIComponent(email)}`)) as unknown as {
    text: string;
  }[];
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no verification code in the dev outbox');
  return call(url, '/api/auth/verify-email', { method: 'POST', json: { email, code } });
}

/**
 * Wrong passwords are answered at once only within the login limits (login-limits.ts: 3 per
 * account and IP, 10 per account a day): each try comes from its own address (X-Forwarded-For,
 * the server trusting the proxy) and every 10 tries go to another account, so all 30 are the
 * plain 401 whose time is measured, not a 429.
 */
const ACCOUNT_FREE_FAILURES = 10;

async function main(cleanup: Cleanup): Promise<void> {
  const server = await cleanup.start(
    'the Truss server',
    startServer({ TRUST_PROXY: 'true' }),
    (s) => s.stop(),
  );
  const stamp = Date.now();
  const email = `bench-${stamp}@example.com`;
  const password = 'correct horse battery staple';
  const verified = await verifiedAccount(server.url, email, password);
  const targets = [email];
  for (let i = 1; i < 3; i++) {
    const other = `bench-${stamp}-${i}@example.com`;
    await verifiedAccount(server.url, other, password);
    targets.push(other);
  }
  let tries = 0;
  const fromAddress = () => `198.51.100.${(tries % 250) + 1}`;

  const login = await timeEach(30, async () => {
    await call(server.url, '/api/auth/login', { method: 'POST', json: { email, password } });
  });
  const wrongPassword = await timeEach(30, async () => {
    const target = targets[Math.floor(tries / ACCOUNT_FREE_FAILURES) % targets.length]!;
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': fromAddress() },
      body: JSON.stringify({ email: target, password: 'not the password' }),
    });
    tries++;
    if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
  });
  const unknownEmail = await timeEach(30, async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `nobody-${Math.random()}@example.com`, password }),
    });
    if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
  });

  let refreshToken = String(verified.refreshToken);
  let token = String(verified.token);
  const refresh = await timeEach(200, async () => {
    const pair = await call(server.url, '/api/auth/refresh', {
      method: 'POST',
      json: { refreshToken },
    });
    refreshToken = String(pair.refreshToken);
    token = String(pair.token);
  });
  const projects = await timeEach(300, async () => {
    await call(server.url, '/api/project', { headers: { authorization: `Bearer ${token}` } });
  });
  const health = await timeEach(300, async () => {
    await call(server.url, '/api/health');
  });

  printTable('Truss sign-in path (sequential requests, one client, PGlite)', [
    ['POST /api/auth/login (argon2id verify)', summarize(login)],
    ['POST /api/auth/login wrong password', summarize(wrongPassword)],
    ['POST /api/auth/login unknown email', summarize(unknownEmail)],
    ['POST /api/auth/refresh (rotate)', summarize(refresh)],
    ['GET /api/project (bearer)', summarize(projects)],
    ['GET /api/health', summarize(health)],
  ]);
  const gap = Math.abs(summarize(wrongPassword).p50 - summarize(unknownEmail).p50);
  console.log(
    `\nunknown-email vs wrong-password p50 gap: ${gap.toFixed(1)} ms (small = no account enumeration by timing)`,
  );
}

await withCleanup(main);
