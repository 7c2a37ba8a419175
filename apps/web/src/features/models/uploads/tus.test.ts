import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DetailedError, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client';
import { i18n, loadLanguage } from '../../../lib/i18n';
import { uploadFailureParts } from './failure-text';
import type { TransportCallbacks, UploadFailure, UploadItem } from './queue';
import {
  createTusTransport,
  holdTransientResume,
  modelIdFrom,
  retryAfterMs,
  shouldRetryUpload,
  uploadFailure,
} from './tus';
import {
  TrussUrlStorage,
  unfinishedUploads,
  uploadFingerprint,
  URL_STORAGE_PREFIX,
} from './url-storage';

// The app loads one language's texts at a time; these tests use both.
beforeAll(() => loadLanguage('zh-CN'));

const request = {
  getMethod: () => 'PATCH',
  getURL: () => '/api/uploads/1',
  getHeader: () => undefined,
} as unknown as HttpRequest;
function response(status: number, body: unknown = ''): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => (typeof body === 'string' ? body : JSON.stringify(body)),
    getUnderlyingObject: () => null,
  };
}
/** tus's own error (its typings omit the constructor's request and response arguments). */
const TusError = DetailedError as unknown as new (
  message: string,
  cause: Error | undefined,
  req: HttpRequest,
  res: HttpResponse | undefined,
) => DetailedError;
const httpError = (status: number, body?: unknown) =>
  new TusError('tus: unexpected response', undefined, request, response(status, body));
const networkError = () => new TusError('tus: failed', new Error('net'), request, undefined);

afterEach(() => {
  localStorage.clear();
});

describe('what a tus error means', () => {
  it('415 is an unsupported format, final, with the server text', () => {
    const failure = uploadFailure(
      httpError(415, { code: 'UNSUPPORTED_FORMAT', statusMessage: '不支持的文件格式' }),
    );
    expect(failure).toEqual({
      code: 'UNSUPPORTED_FORMAT',
      serverMessage: '不支持的文件格式',
      network: false,
      retryable: false,
    });
  });

  it('429 is the 3-upload limit and can be retried later', () => {
    expect(uploadFailure(httpError(429))).toMatchObject({
      code: 'TOO_MANY_UPLOADS',
      retryable: true,
    });
  });

  it('413 (plan storage) is final', () => {
    expect(
      uploadFailure(httpError(413, { code: 'STORAGE_LIMIT_EXCEEDED', statusMessage: 'full' })),
    ).toMatchObject({ code: 'STORAGE_LIMIT_EXCEEDED', retryable: false });
  });

  it('no answer at all is a network failure (resumed when back online)', () => {
    expect(uploadFailure(networkError())).toMatchObject({
      code: 'UPLOAD_FAILED',
      network: true,
      retryable: true,
    });
  });

  it('words: the spec headline first, the server text or a hint after', () => {
    const t = i18n.getFixedT('en');
    expect(
      uploadFailureParts(
        {
          code: 'UNSUPPORTED_FORMAT',
          serverMessage: 'Unsupported file format',
          network: false,
          retryable: false,
        },
        t,
      ),
    ).toEqual({
      headline: 'Unsupported file format',
      detail:
        'Truss could not find a 3D model it can open in this file. Check the accepted formats.',
    });
    expect(
      uploadFailureParts(
        { code: 'STORAGE_LIMIT_EXCEEDED', serverMessage: null, network: false, retryable: false },
        t,
      ),
    ).toEqual({
      headline: 'Upload Failed',
      detail: "Your plan's storage is not enough for this file",
    });
    expect(
      uploadFailureParts(
        { code: 'TOO_MANY_UPLOADS', serverMessage: null, network: false, retryable: true },
        t,
      ).headline,
    ).toBe('Maximum 3 Files Allowed');
    const zh = i18n.getFixedT('zh-CN');
    expect(
      uploadFailureParts(
        { code: 'UPLOAD_FAILED', serverMessage: null, network: true, retryable: true },
        zh,
      ).headline,
    ).toBe('上传失败');
  });
});

describe('tus retries', () => {
  it('retries dropped connections, 5xx, 409 and 423 — not 4xx refusals', () => {
    expect(shouldRetryUpload(networkError(), 0)).toBe(true);
    expect(shouldRetryUpload(httpError(503), 0)).toBe(true);
    expect(shouldRetryUpload(httpError(409), 0)).toBe(true);
    expect(shouldRetryUpload(httpError(423), 0)).toBe(true);
    expect(shouldRetryUpload(httpError(415), 0)).toBe(false);
    expect(shouldRetryUpload(httpError(429), 0)).toBe(false);
    expect(shouldRetryUpload(httpError(413), 0)).toBe(false);
  });

  it('a resume HEAD answering 5xx, 429 or 401 is "not now", retried; 404 and 410 are "gone"', () => {
    const head = { ...request, getMethod: () => 'HEAD' } as HttpRequest;
    const notNow = (status: number) => {
      try {
        holdTransientResume(head, response(status));
      } catch (cause) {
        return new TusError('tus: failed to resume upload', cause as Error, head, undefined);
      }
      return null;
    };
    for (const status of [500, 502, 503, 504, 429, 408]) {
      const error = notNow(status);
      expect(error, `HEAD ${status}`).not.toBeNull();
      expect(shouldRetryUpload(error!, 0), `HEAD ${status}`).toBe(true);
    }
    expect(shouldRetryUpload(notNow(401)!, 0)).toBe(true);
    // The answer tus would take for "gone" (it then starts a new upload) passes through.
    for (const status of [200, 404, 410, 403, 423])
      expect(notNow(status), `HEAD ${status}`).toBeNull();
    // Another method's 5xx is tus's own error already; a PATCH or POST 429 stays final.
    expect(() => holdTransientResume(request, response(503))).not.toThrow();
    // Out of retries, the failure says what the server said.
    const body = { code: 'STORAGE_UNAVAILABLE', statusMessage: 'Storage is unavailable' };
    const error = (() => {
      try {
        holdTransientResume(head, response(503, body));
      } catch (cause) {
        return new TusError('tus: failed to resume upload', cause as Error, head, undefined);
      }
      throw new Error('not held');
    })();
    expect(uploadFailure(error)).toEqual({
      code: 'STORAGE_UNAVAILABLE',
      serverMessage: 'Storage is unavailable',
      network: false,
      retryable: true,
    });
  });

  it('Retry-After in seconds or as a date', () => {
    const withHeader = (value: string): HttpResponse => ({
      ...response(503),
      getHeader: (name: string) => (name.toLowerCase() === 'retry-after' ? value : undefined),
    });
    expect(retryAfterMs(withHeader('5'))).toBe(5000);
    const now = Date.parse('2026-12-06T10:00:00Z');
    expect(retryAfterMs(withHeader('Sun, 06 Dec 2026 10:00:07 GMT'), now)).toBe(7000);
    expect(retryAfterMs(withHeader('soon'))).toBe(0);
    expect(retryAfterMs(response(503))).toBe(0);
    expect(retryAfterMs(null)).toBe(0);
  });

  it('does not burn retries while the browser says it is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(shouldRetryUpload(networkError(), 0)).toBe(false);
  });

  it('the model id comes from Truss-Model-Id, else from the upload URL', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(modelIdFrom(id, null)).toBe(id);
    expect(modelIdFrom(undefined, `http://x/api/uploads/${id}`)).toBe(id);
    expect(modelIdFrom(undefined, 'http://x/api/uploads/')).toBeNull();
  });
});

describe('unfinished uploads in tus storage (resume after a reload)', () => {
  const file = { name: 'Tower A.ifc', size: 2048, lastModified: 1700000000000 };
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const entry = (userId: string, createdHoursAgo: number, url: string) => ({
    fingerprint: uploadFingerprint(userId, 'p1', file),
    upload: {
      size: file.size,
      metadata: { projectId: 'p1', filename: file.name },
      creationTime: new Date(now - createdHoursAgo * 3600_000).toISOString(),
      urlStorageKey: '',
      uploadUrl: url,
      parallelUploadUrls: null,
    },
  });

  it('lists the signed-in user’s entries, drops expired ones, hides other users’', async () => {
    const storage = new TrussUrlStorage();
    for (const e of [
      entry('me', 1, '/api/uploads/1'),
      entry('me', 30, '/api/uploads/2'),
      entry('someone-else', 1, '/api/uploads/3'),
    ]) {
      await storage.addUpload(e.fingerprint, e.upload);
    }
    const found = unfinishedUploads(storage, 'me', await storage.findAllUploads(), now);
    expect(found.map((u) => u.uploadUrl)).toEqual(['/api/uploads/1']);
    expect(found[0]).toMatchObject({ filename: 'Tower A.ifc', size: 2048, projectId: 'p1' });
    // The expired entry is gone from storage; the other user's stays.
    const left = (await storage.findAllUploads()).map((u) => u.uploadUrl).sort();
    expect(left).toEqual(['/api/uploads/1', '/api/uploads/3']);
  });

  it('finds an upload by the same file again, and forgets it by URL', async () => {
    const storage = new TrussUrlStorage();
    const e = entry('me', 1, '/api/uploads/9');
    await storage.addUpload(e.fingerprint, e.upload);
    expect(
      await storage.findUploadsByFingerprint(uploadFingerprint('me', 'p1', file)),
    ).toHaveLength(1);
    expect(
      await storage.findUploadsByFingerprint(uploadFingerprint('me', 'p2', file)),
    ).toHaveLength(0);
    storage.removeByUploadUrl('/api/uploads/9');
    expect(await storage.findAllUploads()).toHaveLength(0);
    expect(Object.keys(localStorage).some((k) => k.startsWith(URL_STORAGE_PREFIX))).toBe(false);
  });
});

describe('an object-store outage in the middle of an upload', () => {
  const modelId = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const file = new File([new Uint8Array(1000)], 'Tower.ifc');

  /** The browser's way of reading a File (the tests load tus's Node build). */
  const fileReader = {
    openFile: (input: File) =>
      Promise.resolve({
        size: input.size,
        slice: (start: number, end: number) =>
          Promise.resolve({ value: input.slice(start, end), done: end >= input.size }),
        close: () => undefined,
      }),
  };

  /** tus's HTTP stack answering from a script, keeping what was asked and when. */
  function scriptedStack(answers: Record<string, Array<[number, Record<string, string>?]>>) {
    const sent: Array<{ method: string; at: number }> = [];
    const stack: HttpStack = {
      getName: () => 'scripted',
      createRequest(method: string, url: string): HttpRequest {
        const headers = new Map<string, string>();
        return {
          getMethod: () => method,
          getURL: () => url,
          setHeader: (name: string, value: string) => headers.set(name, value),
          getHeader: (name: string) => headers.get(name),
          setProgressHandler: () => undefined,
          abort: () => Promise.resolve(),
          getUnderlyingObject: () => null,
          send: () => {
            sent.push({ method, at: Date.now() });
            const [status, answer = {}] = answers[method]?.shift() ?? [599];
            const lower = new Map(Object.entries(answer).map(([k, v]) => [k.toLowerCase(), v]));
            return Promise.resolve({
              getStatus: () => status,
              getHeader: (name: string) => lower.get(name.toLowerCase()),
              getBody: () => '',
              getUnderlyingObject: () => null,
            });
          },
        };
      },
    };
    return { stack, sent };
  }

  function run(stack: HttpStack) {
    const item = {
      id: 'local-1',
      file,
      name: file.name,
      modelName: null,
      size: file.size,
      projectId: 'p1',
      versionOf: null,
    } as unknown as UploadItem;
    return new Promise<{ modelId?: string; failure?: UploadFailure }>((resolve) => {
      const callbacks: TransportCallbacks = {
        onProgress: () => undefined,
        onResumed: () => undefined,
        onReconnecting: () => undefined,
        onUrl: () => undefined,
        onSuccess: (id) => resolve({ modelId: id }),
        onError: (failure) => resolve({ failure }),
      };
      createTusTransport('u1', { httpStack: stack, fileReader, retryDelays: [0, 0, 0, 0, 0] })(
        item,
        callbacks,
      ).start();
    });
  }

  const created: [number, Record<string, string>] = [
    201,
    { Location: `/api/uploads/${modelId}`, 'Upload-Offset': '0' },
  ];
  const unavailable: [number, Record<string, string>] = [503, { 'Retry-After': '1' }];

  it('the resume HEAD answering 503 is waited out: the same upload continues, no new POST', async () => {
    const { stack, sent } = scriptedStack({
      POST: [created],
      PATCH: [unavailable, [204, { 'Upload-Offset': '1000', 'Truss-Model-Id': modelId }]],
      HEAD: [
        unavailable,
        [503, { 'Retry-After': '0' }],
        [200, { 'Upload-Offset': '0', 'Upload-Length': '1000' }],
      ],
    });
    const result = await run(stack);
    expect(result).toEqual({ modelId });
    expect(sent.map((r) => r.method)).toEqual(['POST', 'PATCH', 'HEAD', 'HEAD', 'HEAD', 'PATCH']);
    // Retry-After: 1 held the first HEAD back a second (tus's own delay here is 0).
    const patch = sent[1]!.at;
    expect(sent[2]!.at - patch).toBeGreaterThanOrEqual(950);
  });

  it('a HEAD answering 404 still means gone: the file starts over as a new upload', async () => {
    const { stack, sent } = scriptedStack({
      POST: [created, created],
      PATCH: [unavailable, [204, { 'Upload-Offset': '1000', 'Truss-Model-Id': modelId }]],
      HEAD: [[404]],
    });
    expect(await run(stack)).toEqual({ modelId });
    expect(sent.map((r) => r.method)).toEqual(['POST', 'PATCH', 'HEAD', 'POST', 'PATCH']);
  });

  it("an outage longer than every retry ends in the server's own failure, retryable", async () => {
    const { stack, sent } = scriptedStack({
      POST: [created],
      PATCH: [[503]],
      HEAD: Array.from({ length: 10 }, () => [503] as [number]),
    });
    const result = await run(stack);
    expect(result.failure).toMatchObject({ network: false, retryable: true });
    // One retry per delay, each a HEAD of the same upload (the Retry button resumes it).
    expect(sent.map((r) => r.method)).toEqual(['POST', 'PATCH', ...Array(5).fill('HEAD')]);
  });
});
