import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchViewableFile,
  handViewableFile,
  parsedViewableJson,
  prefetchViewableFile,
  readViewableJson,
} from './viewable-handoff';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch(answer: () => Promise<Response>) {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('viewable handoff', () => {
  it('gives the viewer the early download once, read into memory with its headers', async () => {
    const fetch = stubFetch(async () => new Response('glb bytes', { headers: { 'x-a': '1' } }));
    prefetchViewableFile('/v/a.glb');
    expect(fetch).toHaveBeenCalledTimes(1);
    const first = await fetchViewableFile('/v/a.glb', {});
    expect(await first.text()).toBe('glb bytes');
    expect(first.headers.get('x-a')).toBe('1');
    expect(fetch).toHaveBeenCalledTimes(1);
    // Used once: the next load asks the network (and its HTTP cache) again.
    await fetchViewableFile('/v/a.glb', {});
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('sends the language and a fresh request key with every download, keeping the init', async () => {
    document.cookie = 'locale=zh-CN';
    try {
      const fetch = stubFetch(async () => new Response('glb'));
      prefetchViewableFile('/v/h.glb');
      await fetchViewableFile('/v/h.glb', {});
      await fetchViewableFile('/v/h.glb', { headers: { 'Accept-Language': 'en', 'X-A': '1' } });
      const sent = fetch.mock.calls.map((call) => {
        const init = (call as unknown as [string, RequestInit])[1];
        return new Headers(init.headers);
      });
      expect(sent).toHaveLength(2);
      expect(sent.map((h) => h.get('accept-language'))).toEqual(['zh-CN', 'en']);
      expect(sent[1]!.get('x-a')).toBe('1');
      const keys = sent.map((h) => h.get('x-request-id'));
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[0]).not.toBe(keys[1]);
    } finally {
      document.cookie = 'locale=; max-age=0';
    }
  });

  it('does not download again a file the viewer has just taken (a later prefetch of it)', async () => {
    vi.useFakeTimers();
    const fetch = stubFetch(async () => new Response('glb'));
    prefetchViewableFile('/v/t.glb');
    await fetchViewableFile('/v/t.glb', {});
    prefetchViewableFile('/v/t.glb');
    expect(fetch).toHaveBeenCalledTimes(1);
    // A minute on, it is an early download again (a new visit of the model).
    vi.advanceTimersByTime(60_000);
    prefetchViewableFile('/v/t.glb');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('passes an error status through for the viewer to report', async () => {
    stubFetch(async () => new Response('gone', { status: 404 }));
    prefetchViewableFile('/v/missing.glb');
    const response = await fetchViewableFile('/v/missing.glb', {});
    expect(response.status).toBe(404);
  });

  it('retries an early download that failed on the network as the viewer’s own request', async () => {
    const fetch = stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    prefetchViewableFile('/v/b.glb');
    fetch.mockImplementation(async () => new Response('second try'));
    const init = { credentials: 'include' as const };
    const response = await fetchViewableFile('/v/b.glb', init);
    expect(await response.text()).toBe('second try');
    expect(fetch).toHaveBeenLastCalledWith('/v/b.glb', {
      ...init,
      headers: expect.any(Headers) as unknown,
    });
  });

  it('drops an early download nobody asked for after a minute', async () => {
    vi.useFakeTimers();
    const fetch = stubFetch(async () => new Response('x'));
    prefetchViewableFile('/v/c.glb');
    vi.advanceTimersByTime(60_000);
    await fetchViewableFile('/v/c.glb', {});
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('hands over a download by the model id when it is the version the signed URL names', async () => {
    const fetch = stubFetch(async () => new Response('signed'));
    // As index.html's script hands it over: the answer (its body read) and its bytes.
    const byId = Promise.resolve({
      answer: new Response(null, { headers: { etag: `"${'a'.repeat(32)}"` } }),
      bytes: new TextEncoder().encode('by id').buffer,
    });
    handViewableFile(`/m/1/viewable.glb?v=${'a'.repeat(64)}&sig=s`, byId);
    const response = await fetchViewableFile(`/m/1/viewable.glb?v=${'a'.repeat(64)}&sig=s`, {});
    expect(await response.text()).toBe('by id');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('downloads the signed URL after all when the download by id is another version or failed', async () => {
    const fetch = stubFetch(async () => new Response('signed'));
    const other = Promise.resolve({
      answer: new Response(null, { headers: { etag: `"${'b'.repeat(32)}"` } }),
      bytes: new TextEncoder().encode('other').buffer,
    });
    handViewableFile(`/m/2/viewable.glb?v=${'a'.repeat(64)}`, other);
    expect(
      await (await fetchViewableFile(`/m/2/viewable.glb?v=${'a'.repeat(64)}`, {})).text(),
    ).toBe('signed');
    handViewableFile(`/m/3/viewable.glb?v=${'a'.repeat(64)}`, Promise.reject(new TypeError('x')));
    expect(
      await (await fetchViewableFile(`/m/3/viewable.glb?v=${'a'.repeat(64)}`, {})).text(),
    ).toBe('signed');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('answers json() and arrayBuffer() from memory, as often as asked', async () => {
    stubFetch(
      async () => new Response('{"a":1}', { headers: { 'content-type': 'application/json' } }),
    );
    prefetchViewableFile('/v/m.json');
    const response = await fetchViewableFile('/v/m.json', {});
    expect(await response.json()).toEqual({ a: 1 });
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe('{"a":1}');
  });

  it('lets the page read the JSON the viewer reads, one parse, before or after the viewer took it', async () => {
    stubFetch(async () => new Response('{"version":2}'));
    expect(readViewableJson('/v/meta-none.json')).toBeNull();
    prefetchViewableFile('/v/meta1.json');
    // The page first: the viewer then gets the same object.
    const page = await readViewableJson('/v/meta1.json')!;
    expect(parsedViewableJson('/v/meta1.json')).toBe(page);
    const engine = await (await fetchViewableFile('/v/meta1.json', {})).json();
    expect(engine).toBe(page);
    // The viewer first: the page still reads it, the same object.
    prefetchViewableFile('/v/meta2.json');
    const taken = await (await fetchViewableFile('/v/meta2.json', {})).json();
    expect(parsedViewableJson('/v/meta2.json')).toBe(taken);
    expect(await readViewableJson('/v/meta2.json')).toBe(taken);
  });

  it('rejects the page’s read of a download that failed, leaving the viewer to report it', async () => {
    stubFetch(async () => new Response('gone', { status: 404 }));
    prefetchViewableFile('/v/meta3.json');
    await expect(readViewableJson('/v/meta3.json')).rejects.toThrow('HTTP 404');
    expect((await fetchViewableFile('/v/meta3.json', {})).status).toBe(404);
  });
});
