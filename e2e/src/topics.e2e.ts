import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Model, Pin, Share, Topic, TopicList } from '@truss/contracts';
import type { Vec3 } from '@truss/viewer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount, mailMatching } from './support/accounts.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';
import { joinProject } from './support/topics.ts';
import { elementsOfType, shot, withViewer, type ModelMeta } from './support/model-page.ts';
import { sharedServer, type SharedServer } from './support/shared-server.ts';
import {
  convertFile,
  decodePng,
  differingFraction,
  firstProjectId,
  signedInState,
  waitForViewerLoaded,
} from './support/viewer.ts';

/**
 * Topics in the browser: an issue pinned by clicking a door of the model and assigned to another
 * member, who sees it live (and has the mail), a reply, the saved view restored on its pixels, share visitors with "View Only" and "Issue
 * Editing", an official BCF file imported and shown, and the frame cost of 1,000 pins. One
 * server, one Chromium, one converted model (buildingSMART's Architectural.ifc) for the file.
 */
const bcf = fileURLToPath(new URL('../../../shared/bcf/', import.meta.url));
const ARCHITECTURAL = `${bcf}ifc/Architectural.ifc`;
const SINGLE_VISIBLE_WALL = `${bcf}v3.0/Visualization-Single_visible_wall.bcf`;
const PANEL = 'Issues & comments';

let server: SharedServer;
let browser: Browser;
let auth: AuthResponse;
/** Bea, a member of the owner's project. */
let bea: AuthResponse;
let doors: number[];
let projectId: string;
let model: Model;
let meta: ModelMeta;
const contexts: BrowserContext[] = [];
const email = `topics-${Date.now()}@example.com`;
const beaEmail = `topics-bea-${Date.now()}@example.com`;

async function api<T>(method: string, url: string, body?: unknown, token = auth.token) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body instanceof Uint8Array
        ? { 'content-type': 'application/octet-stream' }
        : body !== undefined
          ? { 'content-type': 'application/json' }
          : {}),
    },
    body: (body instanceof Uint8Array
      ? body
      : body === undefined
        ? undefined
        : JSON.stringify(body)) as BodyInit | undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A page at `path`: signed in as the owner (or `as`), or a signed-out visitor. */
async function open(path: string, signedIn: boolean, as: AuthResponse = auth): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale: 'en',
    ...(signedIn ? { storageState: signedInState(server.url, as) } : {}),
  });
  await context.addCookies([{ name: 'locale', value: 'en', url: server.url }]);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  await waitForViewerLoaded(page);
  await page.getByRole('button', { name: PANEL, exact: true }).click();
  return page;
}

const panel = (page: Page) => page.getByRole('complementary', { name: PANEL });
const row = (page: Page, title: string) =>
  panel(page).locator('[data-topic-row]').filter({ hasText: title });

/** A canvas point (CSS px) where a door is the nearest thing (picked, so section-aware). */
async function pointOnDoor(page: Page): Promise<{ x: number; y: number; door: number }> {
  return withViewer(
    page,
    (viewer, ids) => {
      const canvas = document.querySelector('canvas')!;
      for (const door of ids) {
        const [min, max] = viewer.boxOf([door])!;
        // A 5 x 5 grid through the door's box, at its middle depth.
        for (let i = 1; i < 6; i += 1) {
          for (let j = 1; j < 6; j += 1) {
            const at = viewer.project([
              min[0] + ((max[0] - min[0]) * i) / 6,
              min[1] + ((max[1] - min[1]) * j) / 6,
              (min[2] + max[2]) / 2,
            ]);
            if (!at || at.x < 0 || at.y < 0) continue;
            if (at.x > canvas.clientWidth || at.y > canvas.clientHeight) continue;
            if (viewer.pick(at.x, at.y)?.elementId === door) return { ...at, door };
          }
        }
      }
      throw new Error('no door is visible');
    },
    doors,
  );
}

/** Waits until the camera stops moving (an animated viewpoint), then a settled frame. */
async function settled(page: Page): Promise<void> {
  let last = '';
  for (let i = 0; i < 60; i += 1) {
    const now = await withViewer(page, (v) => JSON.stringify(v.getViewpoint().camera), null);
    if (now === last) break;
    last = now;
    await page.waitForTimeout(150);
  }
  await withViewer(page, (v) => v.renderNow(), null);
}

async function topics(): Promise<Topic[]> {
  const list = await api<TopicList>('GET', `/api/project/${projectId}/topics?limit=100`);
  return list.body.topics;
}

async function share(allowComments: boolean, issuePermission: 'view' | 'edit'): Promise<string> {
  const created = await api<Share>('POST', '/api/shares', {
    modelId: model.id,
    type: 'public',
    expiration: 'never',
    allowComments,
    issuePermission,
  });
  expect(created.status).toBe(201);
  return created.body.token;
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchChromium();
  auth = await createAccount(server.url, email);
  projectId = await firstProjectId(server.url, auth.token);
  model = await convertFile(server.url, auth.token, projectId, ARCHITECTURAL);
  meta = (await (await fetch(`${server.url}${model.metadata_url}`)).json()) as ModelMeta;
  doors = elementsOfType(meta, 'IfcDoor');
  // Bea joins the project (through the mailed invitation).
  bea = await createAccount(server.url, beaEmail);
  await joinProject(server.url, projectId, auth.token, beaEmail, bea);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('topics in the browser', () => {
  let author: Page;
  let watcher: Page;
  const title = 'Door swings into the corridor';

  it('an issue pinned on a door (with a section plane) and assigned to Bea reaches her live, with the mail; a reply too', async () => {
    author = await open(`/model/${model.id}`, true);
    watcher = await open(`/model/${model.id}`, true, bea);
    await expect.poll(() => panel(watcher).getByText('Nothing here yet.').count()).toBe(1);

    // A section plane through the middle of the model, cutting away the front half.
    await withViewer(
      author,
      (viewer) => {
        viewer.navigation.setViewCubeVisible(false);
        viewer.navigation.setStandardView('iso', false);
        viewer.section.addPlane(viewer.getViewpoint().camera.target, [1, 0, 0]);
        viewer.renderNow();
      },
      null,
    );
    await panel(author).getByRole('button', { name: 'New issue' }).click();
    await expect.poll(() => withViewer(author, (v) => v.getTool(), null)).toBe('pin-place');
    const at = await pointOnDoor(author);
    const canvas = await author.locator('canvas').first().boundingBox();
    await author.mouse.click(canvas!.x + at.x, canvas!.y + at.y);
    await panel(author).getByLabel('Title').fill(title);
    await panel(author).getByLabel('Description').fill('It blocks the escape route.');
    await panel(author).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => panel(author).getByRole('heading', { name: title }).count(), { timeout: 20_000 })
      .toBe(1);
    const [topic] = await topics();
    expect(topic?.title).toBe(title);
    expect((topic?.pin as Pin | null | undefined)?.elementId).toBe(at.door);
    expect(topic?.viewpoints[0]?.clippingPlanes).toHaveLength(1);
    expect(topic?.viewpoints[0]?.snapshot_url).toBeTruthy();
    // The pin is drawn where the click was.
    const pins = await withViewer(author, (v) => v.pins.list(), null);
    expect(pins.map((p) => p.id)).toEqual([topic!.id]);
    const pinAt = await withViewer(author, (v, p: Vec3) => v.project(p), pins[0]!.point);
    expect(Math.hypot(pinAt!.x - at.x, pinAt!.y - at.y)).toBeLessThan(3);
    await author.screenshot({ path: await screenshotPath('topics-issue-created') });

    // Assigned to Bea: her open page shows the row without a reload, and she has the mail.
    await panel(author).getByLabel('Assignee', { exact: true }).selectOption(bea.user.id);
    await expect.poll(async () => (await topics())[0]?.assignee_id).toBe(bea.user.id);
    await expect.poll(() => row(watcher, title).count(), { timeout: 20_000 }).toBe(1);
    await mailMatching(
      server.url,
      beaEmail,
      new RegExp(`assigned you issue #${topic!.number} "${title}"`),
    );
    // She opens it (the reply reaches her open thread live).
    await row(watcher, title).click();
    await panel(author).getByLabel('Reply').fill('Moved to the next sprint.');
    await panel(author).getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => panel(watcher).getByText('Moved to the next sprint.').count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await watcher.screenshot({ path: await screenshotPath('topics-reply-live') });
  });

  it('"Show view" restores the saved camera and section: the view matches the snapshot', async () => {
    const [topic] = await topics();
    const snapshot = await fetch(`${server.url}${topic!.viewpoints[0]!.snapshot_url}`, {
      headers: { authorization: `Bearer ${auth.token}` },
    });
    expect(snapshot.status).toBe(200);
    const saved = decodePng(Buffer.from(await snapshot.arrayBuffer()));

    await withViewer(
      watcher,
      (viewer) => {
        viewer.navigation.setViewCubeVisible(false);
        viewer.section.clear();
        viewer.navigation.setStandardView('top', false);
        viewer.renderNow();
      },
      null,
    );
    const away = await shot(watcher);
    await panel(watcher).getByRole('button', { name: 'Show view' }).click();
    await settled(watcher);
    const restored = await shot(watcher);
    const before = differingFraction(away, saved);
    const after = differingFraction(restored, saved);
    console.log(
      `viewpoint restore: ${saved.width}x${saved.height}, before ${(before * 100).toFixed(1)} % differ, after ${(after * 100).toFixed(2)} %`,
    );
    expect(before).toBeGreaterThan(0.05);
    expect(after).toBeLessThan(0.02);
    expect(await withViewer(watcher, (v) => v.section.get().planes.length, null)).toBe(1);
  });

  it('a View Only visitor sees the issue and cannot change it; the API refuses too', async () => {
    const token = await share(false, 'view');
    const visitor = await open(`/share/${token}`, false);
    await expect.poll(() => row(visitor, title).count(), { timeout: 20_000 }).toBe(1);
    expect(await panel(visitor).getByRole('button', { name: 'New issue' }).count()).toBe(0);
    expect(await panel(visitor).getByRole('button', { name: 'New comment' }).count()).toBe(0);
    await row(visitor, title).click();
    await expect.poll(() => panel(visitor).getByRole('heading', { name: title }).count()).toBe(1);
    expect(await panel(visitor).getByLabel('Reply').count()).toBe(0);
    expect(await panel(visitor).getByLabel('Status').isDisabled()).toBe(true);
    // Comments are off for this share: the reply is not shown to its visitors.
    expect(await panel(visitor).getByText('Moved to the next sprint.').count()).toBe(0);
    await visitor.screenshot({ path: await screenshotPath('topics-share-view-only') });

    const [topic] = await topics();
    const created = await api(
      'POST',
      `/api/share/${token}/topics`,
      {
        kind: 'issue',
        title: 'sneaky',
        authorName: 'Eve',
      },
      '',
    );
    expect(created.status).toBe(403);
    const patched = await api(
      'PATCH',
      `/api/share/${token}/topics/${topic!.id}`,
      {
        status: 'Closed',
        authorName: 'Eve',
      },
      '',
    );
    expect(patched.status).toBe(403);
  });

  it('an Issue Editing visitor with comments changes the status and replies; the owner sees both live', async () => {
    const token = await share(true, 'edit');
    const visitor = await open(`/share/${token}`, false);
    await expect.poll(() => row(visitor, title).count(), { timeout: 20_000 }).toBe(1);
    expect(await panel(visitor).getByRole('button', { name: 'New issue' }).count()).toBe(1);
    await row(visitor, title).click();
    await panel(visitor).getByLabel('Your name (shown with what you post)').fill('Vivian Visitor');
    await panel(visitor).getByLabel('Status').selectOption('In Progress');
    await panel(visitor).getByLabel('Reply').fill('Checked on site: confirmed.');
    await panel(visitor).getByRole('button', { name: 'Send' }).click();

    await expect
      .poll(() => panel(author).getByText('Checked on site: confirmed.').count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await expect.poll(() => panel(author).getByText('Vivian Visitor').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await topics())[0]?.status).toBe('In Progress');
    await expect
      .poll(() => panel(author).getByLabel('Status').inputValue(), { timeout: 20_000 })
      .toBe('In Progress');
    await visitor.screenshot({ path: await screenshotPath('topics-share-issue-editing') });
    await author.screenshot({ path: await screenshotPath('topics-owner-sees-visitor') });
  });

  it('the official "Single visible wall" BCF file imports and shows its pin and its one wall', async () => {
    const bytes = new Uint8Array(await readFile(SINGLE_VISIBLE_WALL));
    const report = await api<{ created: number; topics: Array<{ guid: string; title: string }> }>(
      'POST',
      `/api/project/${projectId}/bcf`,
      bytes,
    );
    expect(report.status).toBe(200);
    expect(report.body.created).toBe(1);
    const imported = (await topics()).find((t) => t.guid === report.body.topics[0]!.guid)!;
    expect(imported.model_id).toBe(model.id);

    const page = await open(`/model/${model.id}`, true);
    await panel(page).getByLabel('Status').selectOption('all');
    await expect.poll(() => row(page, imported.title).count(), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(async () => (await withViewer(page, (v) => v.pins.list(), null)).map((p) => p.id))
      .toContain(imported.id);
    await row(page, imported.title).click();
    await settled(page);
    const state = await withViewer(
      page,
      (v) => ({
        isolated: v.visibility.getIsolated(),
        selection: v.selection.get(),
        camera: v.getViewpoint().camera,
      }),
      null,
    );
    // The file's README: nothing selected, only wall 1XbKhGD91DvhOpYZbhzGTI visible, seen
    // through its orthographic camera.
    const meta = (await (await fetch(`${server.url}${model.metadata_url}`)).json()) as {
      origin: Vec3;
      elements: { globalId: string[] };
    };
    expect(state.isolated).toEqual([meta.elements.globalId.indexOf('1XbKhGD91DvhOpYZbhzGTI')]);
    expect(state.selection).toEqual([]);
    expect(state.camera.projection).toBe('orthographic');
    expect(state.camera.height).toBeCloseTo(9.673289179801941, 6);
    // BCF (IFC, Z up) (18.6746, -19.5481, 10.5385) is glTF (x, z, -y), less the viewable's origin.
    const [ox, oy, oz] = meta.origin;
    const expected = [18.674638207107783 - ox, 10.538476791232824 - oy, 19.54805982455614 - oz];
    state.camera.position.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 4));
    await page.screenshot({ path: await screenshotPath('topics-bcf-single-visible-wall') });
  });

  it("the issues page lists the project's topics, closes them in bulk, and ?topic= opens one in its model", async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      locale: 'en',
      storageState: signedInState(server.url, auth),
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`/project/${projectId}/issues`);
    await page.getByLabel('Status', { exact: true }).selectOption('all');
    const all = await topics();
    expect(all.length).toBe(2);
    for (const topic of all) {
      await expect.poll(() => page.locator(`tr[data-topic-row="${topic.id}"]`).count()).toBe(1);
    }
    await page.getByLabel('Select all').check();
    await page.getByLabel('Set status…').selectOption('Closed');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(async () => (await topics()).map((t) => t.status), { timeout: 20_000 })
      .toEqual(['Closed', 'Closed']);
    await page.screenshot({ path: await screenshotPath('topics-issues-page') });

    const target = all.find((t) => t.title === title)!;
    await page.goto(`/project/${projectId}/issues?topic=${target.id}`);
    await page.waitForURL(`**/model/${model.id}?topic=${target.id}`);
    await waitForViewerLoaded(page);
    await expect
      .poll(() => panel(page).getByRole('heading', { name: title }).count(), { timeout: 20_000 })
      .toBe(1);
  });

  it('1,000 pins cost little per frame: two draw calls at most, little JavaScript (camera moving)', async () => {
    // Everything runs in one synchronous evaluate, in blocks of frames alternating with and without
    // the pins (ABBA order), both kinds at the same camera angles: the machine's load drifts, so
    // only interleaved medians are compared, never absolute times.
    const frames = await withViewer(
      author,
      (viewer, n) => {
        const [min, max] = viewer.boxOf([...Array(2000).keys()]) ?? [
          [-10, -10, -10],
          [10, 10, 10],
        ];
        let seed = 7;
        const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
        const many = Array.from({ length: n }, (_, i) => ({
          id: `bench-${i}`,
          point: [0, 1, 2].map((k) => min[k]! + rnd() * (max[k]! - min[k]!)) as never,
          color: 0xdc2626,
        }));
        // Dimmed occluded pins: both of the pins' draws happen.
        viewer.pins.setOccluded('dim');
        const gl = document.querySelector('canvas')!.getContext('webgl2')!;
        const pixel = new Uint8Array(4);
        const base = viewer.getViewpoint();
        const [px, py, pz] = base.camera.position;
        const [tx, , tz] = base.camera.target;
        const frame = (angle: number) => {
          const a = angle * 0.03;
          viewer.setViewpoint({
            ...base,
            camera: {
              ...base.camera,
              position: [
                tx + (px - tx) * Math.cos(a) - (pz - tz) * Math.sin(a),
                py,
                tz + (px - tx) * Math.sin(a) + (pz - tz) * Math.cos(a),
              ],
            },
          });
          const started = performance.now();
          const stats = viewer.renderNow();
          const cpu = performance.now() - started;
          // Reading a pixel waits until the GPU (SwiftShader) has drawn the frame.
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
          const ms = performance.now() - started;
          return { cpu, ms, drawCalls: stats.drawCalls, degraded: stats.degraded };
        };
        const out: Array<ReturnType<typeof frame> & { pins: boolean; angle: number }> = [];
        const PER_BLOCK = 10;
        for (let pair = 0; pair < 8; pair += 1) {
          const order = pair % 2 === 0 ? [false, true] : [true, false];
          for (const pins of order) {
            // Without: no pins and the markers hidden (their empty draws would still count).
            viewer.pins.set(pins ? many : []);
            viewer.pins.setVisible(pins);
            frame(pair * PER_BLOCK); // warm-up: the first frame after set() rewrites the buffers
            for (let i = 0; i < PER_BLOCK; i += 1) {
              const angle = pair * PER_BLOCK + i;
              out.push({ ...frame(angle), pins, angle });
            }
          }
        }
        // The screenshot shows the 1,000 pins (dimmed behind geometry) from the start view.
        viewer.pins.set(many);
        viewer.pins.setVisible(true);
        viewer.setViewpoint(base);
        viewer.renderNow();
        return out;
      },
      1000,
    );
    await author.screenshot({ path: await screenshotPath('topics-1000-pins') });
    await withViewer(
      author,
      (viewer) => {
        viewer.pins.set([]);
        viewer.pins.setOccluded('hide');
      },
      null,
    );
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    const withPins = frames.filter((f) => f.pins);
    const without = frames.filter((f) => !f.pins);
    // Draw calls: the same camera angle and quality with and without pins differ by the pins' own
    // draws, 2 whatever the count (markers, and dimmed ones behind geometry); one per pin or per
    // cluster would add hundreds.
    const added = withPins.flatMap((f) => {
      const twin = without.find((w) => w.angle === f.angle && w.degraded === f.degraded);
      return twin ? [f.drawCalls - twin.drawCalls] : [];
    });
    const cpu = {
      with: median(withPins.map((f) => f.cpu)),
      without: median(without.map((f) => f.cpu)),
    };
    const ms = {
      with: median(withPins.map((f) => f.ms)),
      without: median(without.map((f) => f.ms)),
    };
    console.log(
      `1,000 pins, ${withPins.length} frames with and ${without.length} without, interleaved, camera orbiting (medians): ` +
        `JS per frame ${cpu.without.toFixed(2)} → ${cpu.with.toFixed(2)} ms (×${(cpu.with / cpu.without).toFixed(2)}), ` +
        `drawn (readPixels) ${ms.without.toFixed(2)} → ${ms.with.toFixed(2)} ms (×${(ms.with / ms.without).toFixed(2)}), ` +
        `draw calls added ${Math.min(...added)}..${Math.max(...added)} over ${added.length} matched frames`,
    );
    expect(added.length).toBeGreaterThan(withPins.length / 2);
    expect(Math.min(...added)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...added)).toBeLessThanOrEqual(2);
    // The pins' own JavaScript (projection, clustering, buffer writes) adds about 1 ms a frame
    // for 1,000 pins, 1 µs a pin; it may add 4 ms. A per-pin raycast (20+ µs a pin) or a scene
    // object per pin costs many times more. Not a ratio to the frame without pins: that frame's
    // JavaScript is 0.3-2 ms, read at the browser's 0.1 ms timer resolution, so a ratio of it
    // swung from x1.5 to x3.4 between runs. The drawn frame (SwiftShader filling the markers on
    // the CPU, x1.1 measured) stays within x1.6; the issue's own target (first frame within
    // 10 %) is measured by `npm run bench:pins -w @truss/bench`.
    expect(cpu.with - cpu.without).toBeLessThan(4);
    expect(ms.with).toBeLessThan(ms.without * 1.6);
  });
});
