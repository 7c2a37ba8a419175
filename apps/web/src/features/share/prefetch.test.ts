import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { prefetchSharePage } from './prefetch';

const args = (token: string) =>
  ({
    params: { token },
    request: new Request(`http://localhost/share/${token}`),
  }) as unknown as LoaderFunctionArgs;

function stubServer(model: Record<string, unknown> | null) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      urls.push(url);
      const body = url.includes('/api/share/') ? { token: 'x', model } : 'bytes';
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        headers: {
          'content-type':
            typeof body === 'string' ? 'application/octet-stream' : 'application/json',
        },
      });
    }),
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('share page prefetch', () => {
  it('asks for the share, then downloads a ready model’s viewable and metadata', async () => {
    const urls = stubServer({
      status: 'ready',
      viewable_url: '/api/share/tok1/viewable.glb?v=1',
      metadata_url: '/api/share/tok1/metadata.json?v=1',
    });
    prefetchSharePage(args('tok1'));
    await vi.waitFor(() => expect(urls).toHaveLength(3));
    expect(urls[0]).toContain('/api/share/tok1');
    expect(urls.slice(1).sort()).toEqual([
      '/api/share/tok1/metadata.json?v=1',
      '/api/share/tok1/viewable.glb?v=1',
    ]);
  });

  it('a share still behind its code (no model URLs) downloads nothing more', async () => {
    const urls = stubServer(null);
    prefetchSharePage(args('tok2'));
    await vi.waitFor(() => expect(urls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls).toHaveLength(1);
  });
});
