import type { AuthResponse } from '@truss/contracts';
import type { Page } from 'playwright-core';

/** Polls the dev outbox (GET /api/dev/mail) until a mail to `email` matches `pattern`. */
export async function mailMatching(
  baseUrl: string,
  email: string,
  pattern: RegExp,
): Promise<RegExpExecArray> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`);
    const mails = (await response.json()) as { text: string }[];
    for (const mail of mails) {
      const match = pattern.exec(mail.text);
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${email} matching ${pattern}`);
}

export async function codeFromOutbox(baseUrl: string, email: string): Promise<string> {
  const match = await mailMatching(baseUrl, email, /\b(\d{6})\b/);
  return match[1] ?? '';
}

export const TEST_PASSWORD = 'password-123';

/** A verified account made through the public API (sign-up, mailed code, verify). */
export async function createAccount(
  baseUrl: string,
  email: string,
  language: 'en' | 'zh-CN' = 'en',
): Promise<AuthResponse> {
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD, agreeTerms: true, language }),
  });
  if (!signup.ok) throw new Error(`signup ${signup.status}: ${await signup.text()}`);
  const code = await codeFromOutbox(baseUrl, email);
  const verify = await fetch(`${baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  if (!verify.ok) throw new Error(`verify ${verify.status}: ${await verify.text()}`);
  return (await verify.json()) as AuthResponse;
}

/** Signs in through the sign-in form the page is showing. */
export async function signInWithForm(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
