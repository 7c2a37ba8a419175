/**
 * Shared setup of the model page's pixel tests (viewer-*.e2e.ts): the run's shared server, one
 * Chromium and one account per test file with the sample models converted, pages opened at
 * /model/:id, the page's engine hook `window.__trussViewer` driven from the test, and the engine's
 * screenshots and the model's metadata read back.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Model } from '@truss/contracts';
import type { Vec3, Viewer } from '@truss/viewer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createAccount } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { sharedServer, type SharedServer } from './shared-server.ts';
import {
  convertFile,
  coveredFraction,
  decodePng,
  firstProjectId,
  login,
  setProfileLanguage,
  signedInState,
  waitForViewerLoaded,
  type Pixels,
  type Rect,
} from './viewer.ts';

const samples = fileURLToPath(new URL('../../../../shared/samples/', import.meta.url));
export const HOUSE = path.join(samples, 'ifc/IfcOpenHouse_IFC4.ifc');
/** A unit cube (vertices 0/1 on each axis): known edge and diagonal lengths. */
export const CUBE = path.join(samples, 'ply/cube_rgb_binary.ply');

/** The page's window with the engine hook the model page sets. */
export type TrussWindow = Window & { __trussViewer?: Viewer };

/** The parts of the model's metadata (v2, see packages/converter/src/metadata.ts) used here. */
export interface ModelMeta {
  bbox: [number, number, number, number, number, number] | null;
  strings: string[];
  elements: {
    count: number;
    type: number[];
    bbox: number[];
    bboxStep: number;
    triangles: number[];
  };
}

interface ModelPageSession<K extends string> {
  /** Filled in by the file's beforeAll. */
  server: SharedServer;
  /** The account that owns `models`. */
  email: string;
  models: Record<K, Model>;
  /**
   * A new signed-in browser context at /model/:id, once the viewer has loaded (default a
   * 1280 x 800 desktop window; `device` for a phone).
   */
  openModel(
    model: Model,
    locale?: 'en' | 'zh-CN',
    user?: string,
    device?: { viewport: { width: number; height: number }; hasTouch?: boolean },
  ): Promise<Page>;
  /** The file's Chromium (for pages that are not a model page). */
  browser(): Browser;
  metadataOf(model: Model): Promise<ModelMeta>;
}

/**
 * Registers the test file's beforeAll/afterAll: starts Chromium, creates an account
 * `<user>-<time>-<random>@example.com` on the shared server (several files use the same `user`,
 * two at a time) and converts `files` into its first project.
 */
export function modelPageSession<K extends string>(
  user: string,
  files: Record<K, string>,
): ModelPageSession<K> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const session = {
    models: {} as Record<K, Model>,
    browser: () => browser,
    async openModel(model, locale = 'en', as = session.email, device): Promise<Page> {
      const { server } = session;
      const auth = await login(server.url, as);
      await setProfileLanguage(server.url, auth, locale);
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: device?.viewport ?? { width: 1280, height: 800 },
        hasTouch: device?.hasTouch ?? false,
        locale,
        storageState: signedInState(server.url, auth),
      });
      await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`/model/${model.id}`);
      await waitForViewerLoaded(page);
      return page;
    },
    async metadataOf(model) {
      const response = await fetch(`${session.server.url}${model.metadata_url}`);
      return (await response.json()) as ModelMeta;
    },
  } as ModelPageSession<K>;

  beforeAll(async () => {
    session.server = sharedServer();
    browser = await launchChromium();
    session.email = `${user}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
    const auth = await createAccount(session.server.url, session.email);
    const projectId = await firstProjectId(session.server.url, auth.token);
    for (const [key, file] of Object.entries(files) as [K, string][]) {
      session.models[key] = await convertFile(session.server.url, auth.token, projectId, file);
    }
    // A conversion per file, behind the other file's: more than the default hook time on a busy box.
  }, 300_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  return session;
}

/** Runs `fn` with the page's engine (`fn` is sent as text: it sees only its arguments). */
export function withViewer<A, R>(
  page: Page,
  fn: (viewer: Viewer, arg: A) => R,
  arg: A,
): Promise<R> {
  return page.evaluate(
    ({ source, arg }) => {
      const viewer = (window as TrussWindow).__trussViewer;
      if (!viewer) throw new Error('window.__trussViewer is not set');
      const run = new Function(`return (${source})`)() as (v: Viewer, a: unknown) => unknown;
      return run(viewer, arg);
    },
    { source: fn.toString(), arg: arg as unknown },
  ) as Promise<R>;
}

/** The engine's PNG of the current view (model only, unless `overlays`: gizmos too), decoded. */
export async function shot(page: Page, options: { overlays?: boolean } = {}): Promise<Pixels> {
  const base64 = await page.evaluate(async (shotOptions) => {
    const blob = await (window as TrussWindow).__trussViewer!.screenshot(shotOptions);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  }, options);
  return decodePng(Buffer.from(base64, 'base64'));
}

/** Fit the whole model from the given standard view, without animation or view cube. */
export async function standardView(page: Page, view: 'iso' | 'top' | 'front'): Promise<void> {
  await withViewer(
    page,
    (viewer, v) => {
      viewer.navigation.setViewCubeVisible(false);
      viewer.navigation.setStandardView(v, false);
      viewer.navigation.fitAll(false);
      viewer.renderNow();
    },
    view,
  );
}

function corners(min: Vec3, max: Vec3): Vec3[] {
  const out: Vec3[] = [];
  for (const x of [min[0], max[0]])
    for (const y of [min[1], max[1]]) for (const z of [min[2], max[2]]) out.push([x, y, z]);
  return out;
}

/** Screen rectangle (CSS px = screenshot px) around the projection of a world box. */
export async function projectedRect(page: Page, min: Vec3, max: Vec3, margin = 3): Promise<Rect> {
  const points = await withViewer(
    page,
    (viewer, list) => list.map((p) => viewer.project(p)),
    corners(min, max),
  );
  const xs = points.map((p) => p!.x);
  const ys = points.map((p) => p!.y);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, width: Math.max(...xs) + margin - x, height: Math.max(...ys) + margin - y };
}

/** Ids of the elements of an IFC type that have geometry. */
export function elementsOfType(meta: ModelMeta, type: string): number[] {
  const index = meta.strings.indexOf(type);
  const ids: number[] = [];
  meta.elements.type.forEach((t, id) => {
    if (t === index && meta.elements.triangles[id]! > 0) ids.push(id);
  });
  return ids;
}

/** Union of the elements' bounding boxes. */
export function unionBox(meta: ModelMeta, ids: number[]): [Vec3, Vec3] {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const id of ids) {
    const [a, b] = elementBox(meta, id);
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, a[k]!);
      max[k] = Math.max(max[k]!, b[k]!);
    }
  }
  return [min, max];
}

export function elementBox(meta: ModelMeta, id: number): [Vec3, Vec3] {
  const b = meta.elements.bbox.slice(id * 6, id * 6 + 6).map((v) => v * meta.elements.bboxStep);
  return [
    [b[0]!, b[1]!, b[2]!],
    [b[3]!, b[4]!, b[5]!],
  ];
}

/** Of the pixels that are not background, the share that is magenta (any shade of it). */
export function magentaShare(image: Pixels, background: [number, number, number]): number {
  let magenta = 0;
  let covered = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
    const isBackground =
      Math.abs(r - background[0]) <= 12 &&
      Math.abs(g - background[1]) <= 12 &&
      Math.abs(b - background[2]) <= 12;
    if (isBackground) continue;
    covered++;
    if (r > g + 40 && b > g + 40) magenta++;
  }
  return covered === 0 ? 0 : magenta / covered;
}

/** Fraction of `rect`'s complement (the rest of the image) that is covered. */
export function coveredOutside(
  image: Pixels,
  background: [number, number, number],
  rect: Rect,
): number {
  const total = coveredFraction(image, background) * image.width * image.height;
  const inside = coveredFraction(image, background, rect) * rect.width * rect.height;
  return (total - inside) / (image.width * image.height - rect.width * rect.height);
}
