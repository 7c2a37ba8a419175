import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '../../../lib/stored-session';
import { dropEarlyAnswers, takeEarlyAnswer } from '../../../lib/early-answers';
import { MODEL_SORT_KEY } from '../list-sort';
import { EARLY_THUMBNAILS, startEarlyModelList } from './early-list';

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
  dropEarlyAnswers();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startEarlyModelList', () => {
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
    // Every answer is there for the app's client.
    for (const url of asked) expect(takeEarlyAnswer(url)).not.toBeNull();
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
  });
});
