import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DetailedError, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { i18n, loadLanguage } from '../../../lib/i18n';
import { uploadFailureParts } from './failure-text';
import { modelIdFrom, shouldRetryUpload, uploadFailure } from './tus';
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
