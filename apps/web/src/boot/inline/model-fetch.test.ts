// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleInlineScript } from '../../../build/inline-scripts';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';
import { DRAWING_HINT_KEY } from '../drawing-hint';
import { bootPage } from '../page';

/** The early view's request (boot/model-page/early-viewer.ts): the model's id and the session. */
function earlyModelRequest(pathname: string, stored: string | null, cookie: string, now: number) {
  const page = bootPage(pathname, stored, cookie, now);
  return page?.kind === 'model' ? { modelId: page.modelId, ...page.session } : null;
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** model.html's first and third scripts as the build bundles them (build/inline-scripts.ts). */
let scripts: { fetch: string; start: string; fetchWithPdf: string };
const PDF_WORKER_URL = '/assets/pdf.worker.min-test.mjs';
beforeAll(async () => {
  const [fetch, start, fetchWithPdf] = await Promise.all([
    bundleInlineScript(root, 'src/boot/inline/model-fetch.ts'),
    bundleInlineScript(root, 'src/boot/inline/preview-start.ts'),
    // As the build bundles it, with pdf.js's worker among its files.
    bundleInlineScript(root, 'src/boot/inline/model-fetch.ts', undefined, {
      __TRUSS_PDF_WORKER_URL__: JSON.stringify(PDF_WORKER_URL),
    }),
  ]);
  scripts = { fetch, start, fetchWithPdf };
});

const ID = '0b7f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b';
const NOW = 1_800_000_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Fake {
  __trussEarlyFetch?: {
    id: string;
    token: string;
    glb: Promise<{ answer: Response; bytes: ArrayBuffer | null }>;
    preview?: Promise<unknown>;
  };
  requests: { url: string; headers: Record<string, string> }[];
  /**
   * The preview's calls (the inline bundle's startEarlyPreview, which makes the canvas and its
   * context: preview/early-preview.test.ts).
   */
  previews: { bytes: Promise<ArrayBuffer | null> }[];
}

/** Runs the inline scripts against a fake window; what it asked for and left behind. */
function run(
  pathname: string,
  stored: string | null,
  cookie = '',
  withPreview = true,
  withCrypto = true,
  drawing: {
    known?: boolean;
    answer?: (url: string) => string;
    preloads?: boolean[];
    /** The fetch script bundled with pdf.js's worker URL. */
    withPdfWorker?: boolean;
  } = {},
): Fake {
  const requests: Fake['requests'] = [];
  const previews: Fake['previews'] = [];
  const fake: Fake & Record<string, unknown> = {
    requests,
    previews,
    ...(withPreview
      ? {
          __trussEarlyPreview: {
            startEarlyPreview: (bytes: Promise<ArrayBuffer | null>) => {
              previews.push({ bytes });
              return 'started';
            },
          },
        }
      : {}),
    ...(withCrypto ? { crypto: globalThis.crypto } : {}),
    location: { pathname },
    document: { cookie },
    localStorage: {
      getItem: (key: string) =>
        key === AUTH_STORAGE_KEY
          ? stored
          : key === DRAWING_HINT_KEY && drawing.known
            ? JSON.stringify([ID])
            : null,
    },
    fetch: (url: string, init: { headers?: Record<string, string> }) => {
      requests.push({ url, headers: init.headers ?? {} });
      return Promise.resolve(new Response(drawing.answer?.(url) ?? '{}', { status: 200 }));
    },
    __trussPreloadDrawing: (pdf: boolean) => drawing.preloads?.push(pdf),
  };
  // As model.html runs them: the fetch script, (the preview's bundle,) the preview's start.
  const script = `${drawing.withPdfWorker ? scripts.fetchWithPdf : scripts.fetch};${scripts.start}`;
  const realNow = Date.now;
  Date.now = () => NOW;
  try {
    new Function('window', script)(fake);
  } finally {
    Date.now = realNow;
  }
  return fake;
}

const session = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ token: 'tok', isAuthenticated: true, tokenExpiry: NOW + 60_000, ...over });

describe('the early model fetch script', () => {
  const cases: [string, string | null, string][] = [
    [`/model/${ID}`, session(), ''],
    [`/model/${ID}/`, session(), 'locale=zh-CN'],
    [`/model/${ID.toUpperCase()}`, session(), 'a=1; locale=en'],
    [`/model/${ID}`, session({ tokenExpiry: NOW + 4000 }), ''],
    [`/model/${ID}`, session({ isAuthenticated: false }), ''],
    [`/model/${ID}`, session({ token: '' }), ''],
    [`/model/${ID}`, session({ tokenExpiry: null }), ''],
    [`/model/${ID}`, null, ''],
    [`/model/${ID}`, '{not json', ''],
    [`/model/not-a-uuid`, session(), ''],
    [`/models`, session(), ''],
  ];

  it.each(cases)(
    'asks on %s exactly when the early view would (%s)',
    async (path, stored, cookie) => {
      const expected = earlyModelRequest(path, stored, cookie, NOW);
      const fake = run(path, stored, cookie);
      // The viewable at once; the rest a task later.
      expect(fake.requests.map((r) => r.url)).toEqual(
        expected ? [`/api/models/${expected.modelId}/viewable.glb`] : [],
      );
      // The preview (with its canvas and context) in the same script, not a task later.
      expect(fake.previews).toHaveLength(expected ? 1 : 0);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!expected) {
        expect(fake.requests).toEqual([]);
        expect(fake.__trussEarlyFetch).toBeUndefined();
        return;
      }
      const base = `/api/models/${expected.modelId}`;
      // The viewable first.
      expect(fake.requests.map((r) => r.url)).toEqual([
        `${base}/viewable.glb`,
        base,
        `${base}/metadata.json`,
      ]);
      for (const request of fake.requests) {
        expect(request.headers).toEqual({
          Authorization: `Bearer ${expected.token}`,
          'Accept-Language': expected.locale,
          'X-Request-Id': expect.stringMatching(UUID) as unknown,
        });
      }
      // A fresh request key per request.
      expect(new Set(fake.requests.map((r) => r.headers['X-Request-Id'])).size).toBe(3);
      expect(fake.__trussEarlyFetch).toMatchObject({ id: expected.modelId, token: expected.token });
      // Read into memory as it arrives: the page takes the bytes without reading it again.
      const glb = await fake.__trussEarlyFetch!.glb;
      expect(glb.answer.status).toBe(200);
      expect(new TextDecoder().decode(glb.bytes!)).toBe('{}');
      // The preview draws once the viewable's bytes are in.
      expect(new TextDecoder().decode((await fake.previews[0]!.bytes)!)).toBe('{}');
      expect(await fake.__trussEarlyFetch!.preview).toBe('started');
    },
  );

  it('makes request keys as newRequestId does where crypto.randomUUID is missing', async () => {
    const fake = run(`/model/${ID}`, session(), '', true, false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const keys = fake.requests.map((r) => r.headers['X-Request-Id']!);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-z]+-[0-9a-z]{1,10}$/);
    expect(new Set(keys).size).toBe(3);
  });

  it('leaves the preview to the page when its script did not run', async () => {
    const fake = run(`/model/${ID}`, session(), '', false);
    expect(fake.requests.map((r) => r.url)).toEqual([`/api/models/${ID}/viewable.glb`]);
    expect(await fake.__trussEarlyFetch!.preview).toBeNull();
  });
});

describe("the early model fetch script on a drawing's page", () => {
  const base = `/api/models/${ID}`;
  const sheet = {
    id: 'p1',
    content: 'pdf',
    content_url: `${base}/sheets/source.pdf?exp=1&sig=a`,
    preview_url: `${base}/sheets/p1/preview.png?exp=1&sig=b`,
    width: 420,
    height: 297,
  };
  const answer = (model: Record<string, unknown>) => (url: string) =>
    url === `${base}/sheets`
      ? JSON.stringify([sheet])
      : url === base
        ? JSON.stringify(model)
        : '{}';
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  // The first sheet's preview: decoded by an <img> (its draw is the preview's module's test).
  const images: string[] = [];
  const RealImage = globalThis.Image;
  beforeAll(() => {
    globalThis.Image = class {
      src = '';
      decode() {
        images.push(this.src);
        return Promise.reject(new Error('not decoded here'));
      }
    } as unknown as typeof Image;
    return () => {
      globalThis.Image = RealImage;
    };
  });

  it('asks a drawing the browser knows for its sheets at once, then its first sheet', async () => {
    const preloads: boolean[] = [];
    images.length = 0;
    const fake = run(`/model/${ID}`, session(), '', true, true, {
      known: true,
      answer: answer({}),
      preloads,
    });
    // No 3D files, and no preview of them.
    expect(fake.requests.map((r) => r.url)).toEqual([`${base}/sheets`]);
    expect(fake.previews).toHaveLength(0);
    await settle();
    expect(fake.requests.map((r) => r.url)).toEqual([`${base}/sheets`, sheet.content_url, base]);
    // The API's calls with the session; the signed content URL as it is.
    expect(fake.requests[0]!.headers.Authorization).toBe('Bearer tok');
    expect(fake.requests[1]!.headers).toEqual({});
    expect(images).toEqual([sheet.preview_url]);
    // pdf.js (a PDF page), then the sheet engine's code.
    expect(preloads).toEqual([true, false]);
    const early = (fake as unknown as { __trussEarlyDrawing: { first: Promise<unknown> } })
      .__trussEarlyDrawing;
    expect(await early.first).toMatchObject({ sheet });
  });

  it("asks for a drawing's sheets on a first visit once the model's answer says drawing", async () => {
    images.length = 0;
    const drawing = { id: ID, format: 'pdf', status: 'ready', deleted_at: null };
    const fake = run(`/model/${ID}`, session(), '', true, true, { answer: answer(drawing) });
    await settle();
    expect(fake.requests.map((r) => r.url)).toEqual([
      `${base}/viewable.glb`,
      base,
      `${base}/metadata.json`,
      `${base}/sheets`,
      sheet.content_url,
    ]);
    expect(images).toEqual([sheet.preview_url]);
  });

  it("starts a PDF's worker on a first visit as soon as the model's answer says PDF", async () => {
    const log: string[] = [];
    const RealWorker = globalThis.Worker;
    globalThis.Worker = class {
      constructor(url: string) {
        log.push(`worker ${url}`);
      }
    } as unknown as typeof Worker;
    try {
      const preloads: boolean[] = [];
      const drawing = { id: ID, format: 'pdf', status: 'ready', deleted_at: null };
      const fake = run(`/model/${ID}`, session(), '', true, true, {
        answer: (url) => {
          log.push(`ask ${url.replace(base, '')}`);
          return answer(drawing)(url);
        },
        preloads,
        withPdfWorker: true,
      });
      await settle();
      // With the sheet list's request, not after its answer (nor the first sheet's requests):
      // pdf.js's worker takes longest to start (a 1.2 MB script).
      expect(log.slice(0, 5)).toEqual([
        'ask /viewable.glb',
        'ask ',
        'ask /metadata.json',
        'ask /sheets',
        `worker ${PDF_WORKER_URL}`,
      ]);
      // One worker, taken by the sheet engine.
      expect(log.filter((line) => line.startsWith('worker'))).toHaveLength(1);
      expect((fake as unknown as { __trussPdfWorker?: unknown }).__trussPdfWorker).toBeDefined();
      // pdf.js on the model's answer, again with the list (once per link), then the engine's code.
      expect(preloads).toEqual([true, true, false]);
    } finally {
      globalThis.Worker = RealWorker;
    }
  });

  it.each([
    ['a 3D model', { id: ID, format: 'ifc', status: 'ready', deleted_at: null }],
    ['a drawing in the trash', { id: ID, format: 'dwg', status: 'ready', deleted_at: 'x' }],
    ['a drawing not converted yet', { id: ID, format: 'dxf', status: 'queued', deleted_at: null }],
  ])('leaves %s to the app', async (_what, model) => {
    images.length = 0;
    const fake = run(`/model/${ID}`, session(), '', true, true, { answer: answer(model) });
    await settle();
    expect(fake.requests.map((r) => r.url)).not.toContain(`${base}/sheets`);
    expect(images).toEqual([]);
  });
});
