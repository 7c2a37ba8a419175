import { describe, expect, it, vi } from 'vitest';
import { UploadQueue, type TransportCallbacks } from './queue';
import { loadRejected, REJECTED_TTL_MS, saveRejected } from './rejected-storage';

/** A queue whose transports the test fails by hand, persisted like the app's store does. */
function visit(storage: Storage, userId: string) {
  const callbacks = new Map<string, TransportCallbacks>();
  const queue = new UploadQueue({
    createTransport: (item, cb) => {
      callbacks.set(item.name, cb);
      return { start: vi.fn(), abort: vi.fn(() => Promise.resolve()) };
    },
  });
  queue.restore(loadRejected(storage, userId, Date.now()));
  queue.subscribe(() => saveRejected(storage, userId, queue.getSnapshot()));
  return {
    queue,
    fail: (name: string, cb: (c: TransportCallbacks) => void) => cb(callbacks.get(name)!),
  };
}

describe('refused uploads across a reload (issue 35 item 4)', () => {
  it('keeps the refused row with its error, drops network failures, dismissed rows and old ones', () => {
    const storage = window.localStorage;
    storage.clear();
    const first = visit(storage, 'u1');
    first.queue.add([new File(['x'], 'notes.txt'), new File(['y'], 'tower.ifc')], 'p1');
    first.fail('notes.txt', (cb) =>
      cb.onError({
        code: 'UNSUPPORTED_FORMAT',
        serverMessage: 'Unsupported file format',
        network: false,
        retryable: false,
      }),
    );
    first.fail('tower.ifc', (cb) =>
      cb.onError({ code: 'UPLOAD_FAILED', serverMessage: null, network: true, retryable: true }),
    );

    // The reload: a new queue, the same storage.
    const second = visit(storage, 'u1');
    const rows = second.queue.getSnapshot();
    expect(rows.map((r) => [r.name, r.state, r.projectId, r.failure?.code])).toEqual([
      ['notes.txt', 'error', 'p1', 'UNSUPPORTED_FORMAT'],
    ]);
    expect(rows[0]?.failure?.serverMessage).toBe('Unsupported file format');
    // Another account sees none of them.
    expect(visit(storage, 'u2').queue.getSnapshot()).toEqual([]);
    // Older than the time kept: gone.
    expect(loadRejected(storage, 'u1', Date.now() + REJECTED_TTL_MS + 1)).toEqual([]);
    // Dismissed: gone after the next reload too.
    second.queue.remove(rows[0]!.id);
    expect(visit(storage, 'u1').queue.getSnapshot()).toEqual([]);
  });
});

describe('refused uploads storage writes', () => {
  it('writes only when the refused rows change, not on every progress tick', () => {
    const calls: string[] = [];
    const storage = {
      getItem: () => null,
      setItem: (key: string) => void calls.push(`set ${key}`),
      removeItem: (key: string) => void calls.push(`remove ${key}`),
    };
    const saved = visit(storage as unknown as Storage, 'u3');
    saved.queue.add([new File(['x'], 'notes.txt'), new File(['y'], 'tower.ifc')], 'p1');
    for (let sent = 0; sent <= 10; sent += 1) {
      saved.fail('tower.ifc', (cb) => cb.onProgress(sent, 10));
    }
    expect(calls).toEqual(['remove truss.uploads.rejected::u3']);
    saved.fail('notes.txt', (cb) =>
      cb.onError({
        code: 'UNSUPPORTED_FORMAT',
        serverMessage: null,
        network: false,
        retryable: false,
      }),
    );
    saved.fail('tower.ifc', (cb) => cb.onProgress(10, 10));
    expect(calls).toEqual(['remove truss.uploads.rejected::u3', 'set truss.uploads.rejected::u3']);
  });
});
