import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODEL_SORT_KEY } from '../../features/models/early';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';
import { takeBootHandoff } from '../handoff';
import { startBoot } from '../start';
import { EARLY_THUMBNAILS } from './early-list';

const projects = [
  { id: 'p-other', name: 'Other', is_default: false },
  { id: 'p-default', name: 'Mine', is_default: true },
];
const models = Array.from({ length: 10 }, (_, i) => ({
  id: `m${i}`,
  thumbnail_url: i === 1 ? null : `/api/models/m${i}/thumbnail.png?sig=${i}`,
  deleted_at: null,
}));

let asked: string[];
let images: string[];

function signIn(expiry = Date.now() + 60_000) {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ token: 'tok', tokenExpiry: expiry, isAuthenticated: true }),
  );
}

beforeEach(() => {
  asked = [];
  images = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const body = url === '/api/project' ? projects : url.includes('/models?') ? models : {};
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  vi.stubGlobal(
    'Image',
    class {
      decoding = '';
      set src(url: string) {
        images.push(url);
      }
    },
  );
});

afterEach(() => {
  takeBootHandoff();
  document.body.innerHTML = '';
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The boot of this page (boot/start.ts), which starts the list's requests on /models. */
const startEarlyModelList = () => void startBoot(() => undefined);

describe('the models list boot', () => {
  it("asks for the session data, the projects, then the default project's models in the stored sort", async () => {
    window.history.replaceState(null, '', '/models');
    signIn();
    localStorage.setItem(MODEL_SORT_KEY, 'name:asc');
    startEarlyModelList();
    await settle();
    await settle();
    expect(asked).toEqual([
      '/api/user/profile',
      '/api/user/preferences',
      '/api/user/subscription',
      '/api/project',
      '/api/project/p-default/models?sort=name&order=asc',
    ]);
    // The first screen's thumbnails (the one without a thumbnail skipped).
    expect(images).toHaveLength(EARLY_THUMBNAILS - 1);
    expect(images[0]).toBe('/api/models/m0/thumbnail.png?sig=0');
    // Every answer is there for the app, in the boot's hand-off.
    const handoff = takeBootHandoff()!;
    for (const answer of Object.values(handoff.session!))
      await expect(answer).resolves.toBeDefined();
    const list = (await handoff.modelList)!;
    expect(list).toMatchObject({ projectId: 'p-default', sort: 'name', order: 'asc' });
    await expect(list.models).resolves.toEqual(models);
    // The models list's outline is up while the app downloads.
    expect(document.querySelector('[data-early-outline]')).not.toBeNull();
  });

  it('uses the default sort when none (or an unknown one) is stored', async () => {
    window.history.replaceState(null, '', '/models/');
    signIn();
    localStorage.setItem(MODEL_SORT_KEY, 'colour:asc');
    startEarlyModelList();
    await settle();
    await settle();
    expect(asked.at(-1)).toBe('/api/project/p-default/models?sort=updated_at&order=desc');
  });

  it.each([
    ['another page', '/models/trash', () => signIn()],
    ['a project page', '/project/p-other', () => signIn()],
    ['no session', '/models', () => undefined],
    ['an expired token', '/models', () => signIn(Date.now() - 1)],
  ])('leaves %s to the app', async (_case, path, prepare) => {
    window.history.replaceState(null, '', path);
    prepare();
    startEarlyModelList();
    await settle();
    expect(asked).toEqual([]);
    expect(takeBootHandoff()).toBeNull();
  });
});
