/** Helpers of the topics browser tests: JSON calls, a member joining, listed titles, .bcf files. */
import { readFile } from 'node:fs/promises';
import type { AuthResponse } from '@truss/contracts';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { mailMatching } from './accounts.ts';

/** A JSON API call with a bearer token; anything but 2xx throws with the answer. */
export async function jsonApi<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** `member` joins the project (as a member by default) through the mailed invitation link. */
export async function joinProject(
  baseUrl: string,
  projectId: string,
  ownerToken: string,
  email: string,
  member: AuthResponse,
  role: 'member' | 'guest' = 'member',
): Promise<void> {
  await jsonApi(baseUrl, ownerToken, 'POST', `/api/project/${projectId}/invitations`, {
    emails: [email],
    role,
  });
  const invite = await mailMatching(baseUrl, email, /\/invite\?token=([\w-]+)/);
  await jsonApi(baseUrl, member.token, 'POST', `/api/invitations/${invite[1]}/accept`, {});
}

/** The titles of listed topics (a row's last line: the issues table's cell, the panel's row). */
export async function listed(rows: Locator): Promise<string[]> {
  const texts = await rows.allInnerTexts();
  return texts.map((text) => text.trim().split('\n').at(-1)!.trim());
}

/** A .bcf file read back: its version, the topic GUIDs (folders with a markup) and its files. */
export async function readBcfFile(path: string): Promise<{
  version: string | undefined;
  guids: string[];
  files: Record<string, Uint8Array>;
}> {
  const files = unzipSync(new Uint8Array(await readFile(path)));
  const version = /VersionId="([\d.]+)"/.exec(
    strFromU8(files['bcf.version'] ?? new Uint8Array()),
  )?.[1];
  const guids = Object.keys(files)
    .filter((name) => name.endsWith('/markup.bcf'))
    .map((name) => name.split('/')[0]!)
    .sort();
  return { version, guids, files };
}

/** A filter change: the field's label, its new value, the titles then listed (null: not checked). */
type FilterStep = [label: string, value: string, titles: string[] | null];

/** Sets each filter field in turn (a select, or the label's text box) and checks the list. */
export async function applyFilters(
  scope: Page | Locator,
  rows: Locator,
  steps: FilterStep[],
): Promise<void> {
  for (const [label, value, titles] of steps) {
    const field = scope.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === 'INPUT') await field.fill(value);
    else await field.selectOption(value);
    if (titles) {
      await expect
        .poll(async () => (await listed(rows)).sort(), { timeout: 20_000 })
        .toEqual([...titles].sort());
    }
  }
}
