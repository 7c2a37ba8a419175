import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchChanged } from './query-client';

/**
 * A server value that changes while the page's first read of it is still on the way: the first
 * read answers with what it read before the change, once `release` is called.
 */
function changingServer() {
  let value = 'before';
  let reads = 0;
  let release!: () => void;
  const firstReadHeld = new Promise<void>((resolve) => (release = resolve));
  return {
    change: () => (value = 'after'),
    release: () => release(),
    get reads() {
      return reads;
    },
    read: async () => {
      reads += 1;
      const seen = value;
      if (reads === 1) await firstReadHeld;
      return seen;
    },
  };
}

/** A component's view of the query: subscribed (active) until the test ends. */
function watch(client: QueryClient, read: () => Promise<string>) {
  const observer = new QueryObserver(client, { queryKey: ['topic', 1], queryFn: read });
  const unsubscribe = observer.subscribe(() => {});
  const settled = () =>
    new Promise<string | undefined>((resolve) => {
      const check = () => {
        const result = observer.getCurrentResult();
        if (result.fetchStatus === 'idle' && result.data !== undefined) {
          stop();
          resolve(result.data);
        }
      };
      const stop = observer.subscribe(check);
      check();
    });
  return { settled, unsubscribe };
}

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });

describe('refetchChanged', () => {
  it('a first load that read before the change is read again', async () => {
    const client = newClient();
    const server = changingServer();
    const page = watch(client, server.read);
    server.change();
    const refetched = refetchChanged(client, { queryKey: ['topic'] });
    server.release();
    await refetched;
    expect(await page.settled()).toBe('after');
    expect(server.reads).toBe(2);
    page.unsubscribe();
  });

  it('(why it is needed) invalidateQueries alone keeps what the first load read', async () => {
    const client = newClient();
    const server = changingServer();
    const page = watch(client, server.read);
    server.change();
    const invalidated = client.invalidateQueries({ queryKey: ['topic'] });
    server.release();
    await invalidated;
    expect(await page.settled()).toBe('before');
    page.unsubscribe();
  });

  it('a load with data already shown is refetched once, as invalidateQueries does', async () => {
    const client = newClient();
    let value = 'first';
    let reads = 0;
    const page = watch(client, async () => {
      reads += 1;
      return value;
    });
    expect(await page.settled()).toBe('first');
    value = 'second';
    await refetchChanged(client, { queryKey: ['topic'] });
    expect(await page.settled()).toBe('second');
    expect(reads).toBe(2);
    page.unsubscribe();
  });

  it('leaves a one-off fetchQuery alone: its caller still gets its answer', async () => {
    const client = newClient();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetched = client.fetchQuery({
      queryKey: ['topic', 'viewpoint'],
      queryFn: async () => {
        await held;
        return 'viewpoint';
      },
    });
    const refetched = refetchChanged(client, { queryKey: ['topic'] });
    release();
    await refetched;
    await expect(fetched).resolves.toBe('viewpoint');
  });

  it('keeps to the predicate it is given', async () => {
    const client = newClient();
    const server = changingServer();
    const page = watch(client, server.read);
    server.change();
    const refetched = refetchChanged(client, { queryKey: ['topic'], predicate: () => false });
    server.release();
    await refetched;
    expect(await page.settled()).toBe('before');
    page.unsubscribe();
  });
});
