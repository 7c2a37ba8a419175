// The landing page sells what exists (issue 17, item 12): a real screenshot, the formats,
// sharing, the plans from the API; no "early access" or "arrives next" left, in both languages.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ParseKeys } from 'i18next';
import type { Plan } from '@truss/contracts';
import { authStore } from '../../../lib/auth-store';
import { i18n, loadLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import LandingPage from './LandingPage';

// The app loads one language's texts at a time; these tests use both.
beforeAll(() => loadLanguage('zh-CN'));

const plan = (id: Plan['id'], monthly: number | null, yearly: number, projects: number | null) =>
  ({
    id,
    name: id,
    description: '',
    currency: 'CNY',
    prices: { monthly, yearly },
    periods: monthly === null ? ['yearly'] : ['monthly', 'yearly'],
    contact_sales: monthly === null,
    recommended: id === 'pro',
    features: {},
    limits: { projects, members_per_project: 5, models_per_project: 10, storage_gb: 1 },
  }) as unknown as Plan;

beforeEach(() => {
  authStore.clear();
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body =
        String(input) === '/api/subscription/plans'
          ? [plan('free', 0, 0, 3), plan('pro', 99, 990, 50), plan('enterprise', null, 19800, null)]
          : {};
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('en'));

describe.each(['en', 'zh-CN'])('landing page (%s)', (language) => {
  beforeEach(() => i18n.changeLanguage(language));
  const t = (key: ParseKeys, options?: Record<string, unknown>) => i18n.t(key, options);

  it('shows a real viewer screenshot, the formats, sharing and the plans; promises nothing old', async () => {
    renderRoutes([{ path: '/', Component: LandingPage }], '/');
    const shot = screen.getByRole('img', { name: t('landing.screenshotAlt') });
    expect(shot.getAttribute('src')).toMatch(/viewer-ifcopenhouse.*\.webp/);
    const formats = screen.getByRole('heading', { name: t('landing.formatsTitle') });
    const list = within(formats.parentElement!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(list).toEqual(
      expect.arrayContaining(['IFC', 'glTF / GLB', 'OBJ + MTL', 'STEP', 'Rhino 3DM']),
    );
    expect(screen.getByText(t('landing.features.sharing.title'))).toBeTruthy();

    const plans = await screen.findByRole('heading', { name: t('landing.plansTitle') });
    const section = within(plans.closest('section')!);
    for (const id of ['free', 'pro', 'enterprise'] as const) {
      expect(section.getByRole('heading', { name: t(`plans.${id}`) })).toBeTruthy();
    }
    expect(section.getByText(t('upgrade.freeForever'))).toBeTruthy();
    expect(section.getByText(/99/)).toBeTruthy();
    expect(section.getByText(t('upgrade.limits.projectsUnlimited'))).toBeTruthy();

    const text = document.body.textContent ?? '';
    for (const stale of ['Early access', 'arrives', '抢先体验', '即将推出']) {
      expect(text).not.toContain(stale);
    }
  });
});
