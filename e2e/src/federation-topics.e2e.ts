import { fileURLToPath } from 'node:url';
import type { Pin, Topic, TopicList, Viewpoint, ViewpointInput } from '@truss/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser.ts';
import { modelPageSession, withViewer } from './support/model-page.ts';
import { jsonApi } from './support/topics.ts';
import { login, waitForViewerLoaded } from './support/viewer.ts';

/**
 * Issues across models on the federated page (issue 18, federation): buildingSMART's
 * Architectural and MEP samples (../shared/bcf/ifc) in one view, a topic on each, filed through
 * the API with a viewpoint that selects one of its model's elements by GlobalId. The page's
 * topics panel lists both with their model, pins them in their own model, opens the MEP one onto
 * its MEP element, and files a new issue about a selected MEP element on the MEP model.
 */
const bcfIfc = fileURLToPath(new URL('../../../shared/bcf/ifc/', import.meta.url));
const session = modelPageSession('fedtopics', {
  arch: `${bcfIfc}Architectural.ifc`,
  mep: `${bcfIfc}MEP.ifc`,
});
const { openModel, models } = session;
const SLOW = { timeout: 30_000 };

interface Meta {
  elements: { globalId: string[]; triangles: number[] };
}

/** The first element of a model with geometry and a GlobalId: its row and GlobalId. */
async function someElement(modelKey: 'arch' | 'mep'): Promise<{ row: number; guid: string }> {
  const meta = (await session.metadataOf(models[modelKey])) as unknown as Meta;
  const row = meta.elements.triangles.findIndex((n, i) => n > 0 && !!meta.elements.globalId[i]);
  return { row, guid: meta.elements.globalId[row]! };
}

/** A view state that selects one element by GlobalId and keeps the current camera. */
const selecting = (guid: string): ViewpointInput => ({
  camera: null,
  clippingPlanes: [],
  lines: [],
  bitmaps: [],
  selection: [{ ifcGuid: guid }],
  visibility: { defaultVisibility: true, exceptions: [] },
  coloring: [],
});

const LABELS = {
  en: { panel: 'Issues & comments', on: (name: string) => `on ${name}` },
  'zh-CN': { panel: '问题与评论', on: (name: string) => `位于 ${name}` },
} as const;

let token = '';
const api = <R>(method: string, url: string, body?: unknown) =>
  jsonApi<R>(session.server.url, token, method, url, body);

/** The federated page of both models, in `locale` (the account's language is set to it). */
async function federatedPage(locale: 'en' | 'zh-CN'): Promise<Page> {
  token ||= (await login(session.server.url, session.email)).token;
  await api('PUT', '/api/user/profile', { language: locale });
  const first = await openModel(models.arch, locale);
  const page = await first.context().newPage();
  await first.close();
  // What the page reports goes to the test's log (a crash shows only the error page).
  page.on('pageerror', (error) => console.log(`[page error] ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[console] ${message.text()}`);
  });
  await page.goto(
    `/project/${models.arch.project_id}/view?models=${models.arch.id},${models.mep.id}`,
  );
  await waitForViewerLoaded(page);
  return page;
}

describe('federation: issues across models', () => {
  const topics = {} as Record<'arch' | 'mep', Topic>;

  it('lists the topics of both models with their model, pins each in its model, opens the MEP one onto its MEP element (en, zh-CN)', async () => {
    token ||= (await login(session.server.url, session.email)).token;
    const projectId = models.arch.project_id;
    const element = { arch: await someElement('arch'), mep: await someElement('mep') };
    for (const key of ['arch', 'mep'] as const) {
      topics[key] = await api<Topic>('POST', `/api/project/${projectId}/topics`, {
        kind: 'issue',
        title: `Check the ${key} element`,
        modelId: models[key].id,
        viewpoints: [selecting(element[key].guid)],
      });
    }

    for (const locale of ['en', 'zh-CN'] as const) {
      const page = await federatedPage(locale);
      const label = LABELS[locale];
      await page.screenshot({ path: await screenshotPath(`federation-topics-page-${locale}`) });
      await page.getByRole('button', { name: label.panel, exact: true }).click();
      const panel = page.getByRole('complementary', { name: label.panel });
      const rows = panel.locator('[data-topic-row]');
      await expect.poll(() => rows.count(), SLOW).toBe(2);
      const mepRow = panel.locator(`[data-topic-row="${topics.mep.id}"]`);
      await expect
        .poll(() => mepRow.locator(`[data-topic-model="${models.mep.id}"]`).textContent(), SLOW)
        .toBe(label.on(models.mep.name));
      await expect
        .poll(
          () =>
            panel.locator(`[data-topic-row="${topics.arch.id}"] [data-topic-model]`).textContent(),
          SLOW,
        )
        .toBe(label.on(models.arch.name));

      // Both pins, the MEP one at the centre of its MEP element (global id = offset + row).
      const mepRange = await withViewer(
        page,
        (viewer, key) => {
          const info = viewer.models().find((m) => m.key === key)!;
          return { offset: info.offset, idCount: info.idCount };
        },
        models.mep.id,
      );
      const mepId = mepRange.offset + element.mep.row;
      await expect.poll(() => withViewer(page, (v) => v.pins.list().length, null), SLOW).toBe(2);
      const pinInBox = await withViewer(
        page,
        (viewer, { id, topic }) => {
          const pin = viewer.pins.list().find((p) => p.id === topic)!;
          const [min, max] = viewer.boxOf([id])!;
          return pin.point.every((v, k) => v >= min[k]! - 1e-6 && v <= max[k]! + 1e-6);
        },
        { id: mepId, topic: topics.mep.id },
      );
      expect(pinInBox).toBe(true);
      await page.screenshot({ path: await screenshotPath(`federation-topics-list-${locale}`) });

      // Opening the MEP topic selects its element in the MEP model's range.
      await mepRow.click();
      await expect
        .poll(() => withViewer(page, (viewer) => viewer.selection.get(), null), SLOW)
        .toEqual([mepId]);
      const owner = await withViewer(
        page,
        (viewer, id) => {
          const found = viewer.modelOf(id);
          return found ? { key: found.model.key, row: found.row } : null;
        },
        mepId,
      );
      expect(owner).toEqual({ key: models.mep.id, row: element.mep.row });
      expect(mepId).toBeGreaterThanOrEqual(mepRange.offset);
      expect(mepId).toBeLessThan(mepRange.offset + mepRange.idCount);
      await page.screenshot({ path: await screenshotPath(`federation-topics-open-${locale}`) });
      await page.close();
    }
  });

  it('files a new issue about a selected MEP element on the MEP model, with its GlobalId', async () => {
    const page = await federatedPage('en');
    const element = await someElement('mep');
    await page.getByRole('button', { name: LABELS.en.panel, exact: true }).click();
    const panel = page.getByRole('complementary', { name: LABELS.en.panel });
    await withViewer(
      page,
      (viewer, { key, row }) => {
        const info = viewer.models().find((m) => m.key === key)!;
        viewer.selection.set([info.offset + row]);
      },
      { key: models.mep.id, row: element.row },
    );
    await panel.getByRole('button', { name: 'New issue', exact: true }).click();
    await panel.getByRole('button', { name: 'At the selection', exact: true }).click();
    const title = 'Duct clashes with the beam';
    await panel.getByLabel('Title', { exact: true }).fill(title);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => panel.getByRole('heading', { name: title }).count(), SLOW).toBe(1);
    const list = await api<TopicList>(
      'GET',
      `/api/project/${models.arch.project_id}/topics?limit=500`,
    );
    const filed = list.topics.find((t) => t.title === title);
    expect(filed?.model_id).toBe(models.mep.id);
    // A 3D pin (not a sheet pin: `TopicPin` is a union since issue 36).
    expect((filed?.pin as Pin | null | undefined)?.elementId).toBe(element.row);
    expect((filed?.pin as Pin | null | undefined)?.globalId).toBe(element.guid);
    // Topics carry viewpoint summaries: the components come from the viewpoint's route.
    const view = await api<Viewpoint>(
      'GET',
      `/api/topics/${filed!.id}/viewpoints/${filed!.viewpoints[0]!.id}`,
    );
    expect(view.selection).toEqual([
      { ifcGuid: element.guid, authoringToolId: String(element.row) },
    ]);
    await page.close();
  });
});
