import { describe, expect, it } from 'vitest';
import { ReadCache, type Loaded } from './read-cache.ts';

function clock(start = 1_000_000) {
  let now = start;
  const read = () => new Date(now);
  read.advance = (ms: number) => {
    now += ms;
  };
  return read;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function listening(options: Partial<ConstructorParameters<typeof ReadCache>[0]> = {}) {
  const now = clock();
  const cache = new ReadCache({ now, ttlMs: 5_000, ...options });
  cache.setListening(true);
  return { cache, now };
}

const value = <T>(v: T, tags: string[] | null = ['u:1']): Loaded<T> => ({ value: v, tags });

describe('ReadCache', () => {
  it('answers from memory until the TTL, then loads again', async () => {
    const { cache, now } = listening();
    let loads = 0;
    const load = async () => value(++loads);
    expect(await cache.read('k', load)).toBe(1);
    expect(await cache.read('k', load)).toBe(1);
    now.advance(5_001);
    expect(await cache.read('k', load)).toBe(2);
  });

  it('keeps nothing while not listening, and forgets everything when listening stops', async () => {
    const now = clock();
    const cache = new ReadCache({ now, ttlMs: 5_000 });
    let loads = 0;
    const load = async () => value(++loads);
    await cache.read('k', load);
    await cache.read('k', load);
    expect(loads).toBe(2);
    cache.setListening(true);
    await cache.read('k', load);
    await cache.read('k', load);
    expect(loads).toBe(3);
    cache.setListening(false);
    await cache.read('k', load);
    expect(loads).toBe(4);
  });

  it('an invalidation drops exactly the entries carrying its tags', async () => {
    const { cache } = listening();
    let loads = 0;
    await cache.read('a', async () => value(++loads, ['u:1', 'p:9']));
    await cache.read('b', async () => value(++loads, ['u:2']));
    cache.invalidate(['p:9']);
    expect(await cache.read('a', async () => value(++loads))).toBe(3);
    expect(await cache.read('b', async () => value(++loads))).toBe(2);
  });

  it('a load that started before an invalidation is answered but not kept', async () => {
    const { cache } = listening();
    const gate = deferred<Loaded<string>>();
    const first = cache.read('k', () => gate.promise);
    cache.invalidate(['u:1']);
    gate.resolve(value('before the change'));
    expect(await first).toBe('before the change');
    expect(await cache.read('k', async () => value('after the change'))).toBe('after the change');
  });

  it('a read after an invalidation never joins a load from before it', async () => {
    const { cache } = listening();
    const gate = deferred<Loaded<string>>();
    const first = cache.read('k', () => gate.promise);
    cache.invalidate(['u:other']);
    const second = cache.read('k', async () => value('fresh'));
    gate.resolve(value('stale'));
    expect(await first).toBe('stale');
    expect(await second).toBe('fresh');
  });

  it('concurrent misses share one load; a failed load is not kept', async () => {
    const { cache } = listening();
    let loads = 0;
    const gate = deferred<Loaded<number>>();
    const reads = [1, 2, 3].map(() =>
      cache.read('k', () => {
        loads += 1;
        return gate.promise;
      }),
    );
    gate.resolve(value(7));
    expect(await Promise.all(reads)).toEqual([7, 7, 7]);
    expect(loads).toBe(1);
    await expect(cache.read('x', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.read('x', async () => value('up'))).toBe('up');
  });

  it('keeps nothing with null tags, and nothing past `until`', async () => {
    const { cache, now } = listening();
    let loads = 0;
    await cache.read('n', async () => value(++loads, null));
    await cache.read('n', async () => value(++loads, null));
    expect(loads).toBe(2);
    const until = new Date(now().getTime() + 1_000);
    await cache.read('u', async () => ({ value: ++loads, tags: ['u:1'], until }));
    now.advance(1_001);
    expect(await cache.read('u', async () => value(++loads))).toBe(4);
  });

  it('waits for `settle` before answering from memory', async () => {
    const gate = deferred<void>();
    let pending: Promise<void> | null = null;
    const { cache } = listening({ settle: () => pending });
    await cache.read('k', async () => value('old'));
    pending = gate.promise;
    const read = cache.read('k', async () => value('new'));
    // The write's invalidation arrives while the read waits.
    cache.invalidate(['u:1']);
    pending = null;
    gate.resolve();
    expect(await read).toBe('new');
  });

  it('stays within its size, dropping the oldest entries first', async () => {
    const { cache } = listening({ maxEntries: 2 });
    await cache.read('a', async () => value(1));
    await cache.read('b', async () => value(2));
    await cache.read('c', async () => value(3));
    expect(cache.size).toBe(2);
    expect(await cache.read('a', async () => value(10))).toBe(10);
  });
});
