/**
 * Helpers for the viewer's browser tests and the viewer benchmark: models uploaded and converted
 * through the public API (tus, as the web app does), a signed-in browser context without the
 * sign-in form, and pixel counting on PNG screenshots.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AuthResponse, Model, ModelVersion, Project } from '@truss/contracts';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { tusUpload } from '../../../apps/server/src/testing/uploads.ts';
import { TEST_PASSWORD } from './accounts.ts';

/** Bytes per tus PATCH: the web app's chunk size. */
const CHUNK_BYTES = 16 * 1024 * 1024;

/** POST /api/auth/login: a fresh token pair (each browser context gets its own). */
export async function login(baseUrl: string, email: string): Promise<AuthResponse> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${response.status}: ${await response.text()}`);
  return (await response.json()) as AuthResponse;
}

/**
 * Sets the account's language preference. A signed-in page takes its language from the
 * profile (spec §6), so a test that wants a Chinese page sets it here, as a Chinese user
 * would have it, not only the `locale` cookie.
 */
export async function setProfileLanguage(
  baseUrl: string,
  auth: AuthResponse,
  language: 'en' | 'zh-CN',
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/user/preferences`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language }),
  });
  if (!response.ok) throw new Error(`preferences ${response.status}: ${await response.text()}`);
}

/**
 * A Playwright storage state that makes the web app start signed in: the persisted auth state
 * (localStorage `truss`, see apps/web/src/lib/auth-store.ts).
 */
export function signedInState(
  baseUrl: string,
  auth: AuthResponse,
  options: {
    /** When the stored token expires (epoch ms), e.g. in the past for an expired session. */
    tokenExpiry?: number;
  } = {},
) {
  const persisted = {
    token: auth.token,
    refreshToken: auth.refreshToken,
    tokenExpiry: options.tokenExpiry ?? Date.now() + auth.expiresIn * 1000,
    isAuthenticated: true,
    subscription: null,
  };
  return {
    cookies: [],
    origins: [
      { origin: baseUrl, localStorage: [{ name: 'truss', value: JSON.stringify(persisted) }] },
    ],
  };
}

async function api<T>(baseUrl: string, token: string, url: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET ${url} ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The project every new account starts with. */
export async function firstProjectId(baseUrl: string, token: string): Promise<string> {
  const projects = await api<Project[]>(baseUrl, token, '/api/project');
  const project = projects[0];
  if (!project) throw new Error('the account has no project');
  return project.id;
}

const b64 = (value: string) => Buffer.from(value).toString('base64');

/** Uploads a file with the tus protocol (creation, then PATCHes); returns the model id. */
export async function uploadFile(
  baseUrl: string,
  token: string,
  projectId: string,
  file: string,
  filename = path.basename(file),
): Promise<string> {
  const bytes = await readFile(file);
  const created = await fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `projectId ${b64(projectId)},filename ${b64(filename)}`,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) {
    throw new Error(`tus create ${created.status}: ${await created.text()}`);
  }
  const uploadUrl = new URL(location, baseUrl).toString();
  let offset = 0;
  let modelId: string | null = null;
  while (offset < bytes.length) {
    const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
    const patched = await fetch(uploadUrl, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: chunk,
    });
    if (patched.status !== 204) {
      throw new Error(`tus patch at ${offset} ${patched.status}: ${await patched.text()}`);
    }
    offset = Number(patched.headers.get('upload-offset'));
    modelId = patched.headers.get('truss-model-id') ?? modelId;
  }
  if (!modelId) throw new Error(`the upload of ${filename} finished without a model id`);
  return modelId;
}

export async function getModel(baseUrl: string, token: string, id: string): Promise<Model> {
  return api<Model>(baseUrl, token, `/api/models/${id}`);
}

/** Polls until the model is ready; a failed conversion throws with its reason. */
export async function waitForReady(
  baseUrl: string,
  token: string,
  id: string,
  timeoutMs = 120_000,
): Promise<Model> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const model = await getModel(baseUrl, token, id);
    if (model.status === 'ready') return model;
    if (model.status === 'failed') {
      throw new Error(`model ${model.name} failed: ${JSON.stringify(model.failure)}`);
    }
    if (Date.now() > deadline) throw new Error(`model ${model.name} still ${model.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Upload + conversion of one file: the ready model. */
export async function convertFile(
  baseUrl: string,
  token: string,
  projectId: string,
  file: string,
  timeoutMs?: number,
): Promise<Model> {
  const id = await uploadFile(baseUrl, token, projectId, file);
  return waitForReady(baseUrl, token, id, timeoutMs);
}

/**
 * Uploads `bytes` as a new version of `model` and polls until the server lists it settled
 * (ready or failed); returns the versions, newest first.
 */
export async function uploadVersion(
  baseUrl: string,
  token: string,
  model: Model,
  bytes: Buffer,
  filename: string,
  timeoutMs = 300_000,
): Promise<ModelVersion[]> {
  const versions = async () => {
    const response = await fetch(`${baseUrl}/api/models/${model.id}/versions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()) as ModelVersion[];
  };
  const before = (await versions()).length;
  const upload = await tusUpload(bytes, {
    baseUrl,
    token,
    projectId: model.project_id,
    filename,
    modelId: model.id,
  });
  if (upload.error) {
    throw new Error(`version upload of ${filename}: ${upload.error.status} ${upload.error.body}`);
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await versions();
    const settled = (v: ModelVersion) => v.status === 'ready' || v.status === 'failed';
    if (list.length > before && list.every(settled)) return list;
    if (Date.now() > deadline) throw new Error(JSON.stringify(list));
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Waits for the model page's viewer to reach `loaded` (throws on `error`). */
export async function waitForViewerLoaded(page: Page, timeoutMs = 60_000): Promise<void> {
  try {
    await page.waitForFunction(
      () => ['loaded', 'error'].includes(document.body.dataset.viewerState ?? ''),
      undefined,
      { timeout: timeoutMs, polling: 50 },
    );
  } catch (error) {
    const state = await page.evaluate(() => document.body.dataset.viewerState ?? '(none)');
    const text = (await page.locator('body').innerText()).slice(0, 300).replace(/\s+/g, ' ');
    throw new Error(`the viewer did not load (state ${state}, ${page.url()}): ${text}`, {
      cause: error,
    });
  }
  const state = await page.evaluate(() => document.body.dataset.viewerState);
  if (state !== 'loaded') throw new Error(`the viewer ended in state ${state}`);
}

/* ---------- pixels ---------- */

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row-major. */
  data: Uint8Array;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function decodePng(png: Buffer): Pixels {
  const image = PNG.sync.read(png);
  return { width: image.width, height: image.height, data: image.data };
}

/** The most frequent colour along the image's border: the background of a model view. */
export function borderColor(image: Pixels): [number, number, number] {
  const counts = new Map<number, number>();
  const add = (x: number, y: number) => {
    const i = (y * image.width + x) * 4;
    const key = (image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (let x = 0; x < image.width; x++) {
    add(x, 0);
    add(x, image.height - 1);
  }
  for (let y = 0; y < image.height; y++) {
    add(0, y);
    add(image.width - 1, y);
  }
  const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return [(key >> 16) & 255, (key >> 8) & 255, key & 255];
}

/** Fraction (0..1) of the pixels in `rect` (default: all) that differ from `background`. */
export function coveredFraction(
  image: Pixels,
  background: [number, number, number],
  rect: Rect = { x: 0, y: 0, width: image.width, height: image.height },
  tolerance = 12,
): number {
  let covered = 0;
  let total = 0;
  const x1 = Math.min(image.width, Math.round(rect.x + rect.width));
  const y1 = Math.min(image.height, Math.round(rect.y + rect.height));
  for (let y = Math.max(0, Math.round(rect.y)); y < y1; y++) {
    for (let x = Math.max(0, Math.round(rect.x)); x < x1; x++) {
      const i = (y * image.width + x) * 4;
      total++;
      if (
        Math.abs(image.data[i]! - background[0]) > tolerance ||
        Math.abs(image.data[i + 1]! - background[1]) > tolerance ||
        Math.abs(image.data[i + 2]! - background[2]) > tolerance
      ) {
        covered++;
      }
    }
  }
  return total === 0 ? 0 : covered / total;
}

/** Fraction (0..1) of pixels whose colour differs by more than `tolerance` in any channel. */
export function differingFraction(a: Pixels, b: Pixels, tolerance = 16): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > tolerance ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tolerance ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance
    ) {
      differing++;
    }
  }
  return differing / (a.width * a.height);
}
