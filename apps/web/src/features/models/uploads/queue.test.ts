import { describe, expect, it, vi } from 'vitest';
import { UploadQueue, type TransportCallbacks, type UploadItem } from './queue';

/** A transport the test drives by hand. */
function harness(
  options: { beforeComplete?: (item: UploadItem, id: string) => Promise<void> } = {},
) {
  const transports = new Map<
    string,
    { cb: TransportCallbacks; start: ReturnType<typeof vi.fn>; abort: ReturnType<typeof vi.fn> }
  >();
  const queue = new UploadQueue({
    createTransport: (item, cb) => {
      const t = { cb, start: vi.fn(), abort: vi.fn(() => Promise.resolve()) };
      transports.set(item.name, t);
      return t;
    },
    ...options,
  });
  const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);
  const state = (name: string) => queue.getSnapshot().find((i) => i.name === name);
  const transport = (name: string) => {
    const t = transports.get(name);
    if (!t) throw new Error(`no transport for ${name}`);
    return t;
  };
  return { queue, file, state, transport };
}

const P = 'project-1';

describe('upload queue', () => {
  it('starts up to 3 files at once, each uploading with an indeterminate bar until bytes move', () => {
    const { queue, file, state, transport } = harness();
    const result = queue.add([file('a.ifc'), file('b.stl'), file('c.glb')], P);
    expect(result.ok).toBe(true);
    expect(queue.activeCount()).toBe(3);
    expect(queue.getSnapshot().map((i) => i.name)).toEqual(['a.ifc', 'b.stl', 'c.glb']);
    queue.cancel(state('a.ifc')?.id ?? '');
    queue.add([file('d.obj')], P);
    expect(queue.getSnapshot()[0]?.name).toBe('d.obj');
    for (const name of ['b.stl', 'c.glb']) {
      expect(state(name)).toMatchObject({ state: 'uploading', progress: null, projectId: P });
      expect(transport(name).start).toHaveBeenCalledOnce();
    }
  });

  it('refuses a 4th file, all or none (spec: Maximum 3 Files Allowed)', () => {
    const { queue, file } = harness();
    const result = queue.add([file('1'), file('2'), file('3'), file('4')], P);
    expect(result).toEqual({ ok: false, reason: 'TOO_MANY_UPLOADS' });
    expect(queue.getSnapshot()).toHaveLength(0);
  });

  it('counts running uploads: 2 running leave room for 1', () => {
    const { queue, file } = harness();
    queue.add([file('a'), file('b')], P);
    expect(queue.room()).toBe(1);
    expect(queue.add([file('c'), file('d')], P).ok).toBe(false);
    expect(queue.add([file('c')], P).ok).toBe(true);
    expect(queue.add([file('e')], P).ok).toBe(false);
  });

  it('finished, failed and cancelled uploads free their place', () => {
    const { queue, file, transport } = harness();
    queue.add([file('a'), file('b'), file('c')], P);
    transport('a').cb.onSuccess('model-a');
    transport('b').cb.onError({
      code: 'UNSUPPORTED_FORMAT',
      serverMessage: 'Unsupported file format',
      network: false,
      retryable: false,
    });
    queue.cancel(queue.getSnapshot().find((i) => i.name === 'c')?.id ?? '');
    expect(queue.activeCount()).toBe(0);
    expect(queue.add([file('d'), file('e'), file('f')], P).ok).toBe(true);
  });

  it('reports progress as a percentage clamped to 0..100', () => {
    const { queue, file, state, transport } = harness();
    queue.add([file('a', 200)], P);
    transport('a').cb.onProgress(50, 200);
    expect(state('a')).toMatchObject({ progress: 25, bytesSent: 50 });
    transport('a').cb.onProgress(300, 200);
    expect(state('a')?.progress).toBe(100);
  });

  it('goes uploading -> completed with the model id', () => {
    const { queue, file, state, transport } = harness();
    queue.add([file('a')], P);
    transport('a').cb.onSuccess('model-a');
    expect(state('a')).toMatchObject({ state: 'completed', progress: 100, modelId: 'model-a' });
  });

  it('shows completed only after beforeComplete (the model is in the list by then)', async () => {
    let release: () => void = () => undefined;
    const beforeComplete = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const { queue, file, state, transport } = harness({ beforeComplete });
    queue.add([file('a')], P);
    transport('a').cb.onSuccess('model-a');
    expect(beforeComplete).toHaveBeenCalledWith(expect.objectContaining({ name: 'a' }), 'model-a');
    expect(state('a')?.state).toBe('uploading');
    release();
    await vi.waitFor(() => expect(state('a')?.state).toBe('completed'));
  });

  it('goes uploading -> error with the reason; later transport events are ignored', () => {
    const { queue, file, state, transport } = harness();
    queue.add([file('a')], P);
    const failure = { code: 'UPLOAD_FAILED', serverMessage: null, network: true, retryable: true };
    transport('a').cb.onError(failure);
    transport('a').cb.onProgress(10, 100);
    transport('a').cb.onSuccess('late');
    expect(state('a')).toMatchObject({ state: 'error', failure, modelId: null });
  });

  it('cancel stops the transfer and has the server forget it', () => {
    const { queue, file, state, transport } = harness();
    queue.add([file('a')], P);
    queue.cancel(state('a')?.id ?? '');
    expect(state('a')?.state).toBe('cancelled');
    expect(transport('a').abort).toHaveBeenCalledWith(true);
    transport('a').cb.onSuccess('late');
    expect(state('a')?.state).toBe('cancelled');
  });

  it('retry starts a failed upload again, if there is room', () => {
    const { queue, file, state, transport } = harness();
    queue.add([file('a')], P);
    transport('a').cb.onError({
      code: 'UPLOAD_FAILED',
      serverMessage: null,
      network: true,
      retryable: true,
    });
    queue.add([file('b'), file('c')], P);
    queue.add([file('e')], P);
    expect(queue.retry(state('a')?.id ?? '')).toEqual({ ok: false, reason: 'TOO_MANY_UPLOADS' });
    queue.cancel(state('e')?.id ?? '');
    expect(queue.retry(state('a')?.id ?? '').ok).toBe(true);
    expect(state('a')).toMatchObject({ state: 'uploading', failure: null });
  });

  it('back online: only uploads that stopped for lack of a network start again', () => {
    const { queue, file, state, transport } = harness();
    queue.add([file('net'), file('format')], P);
    transport('net').cb.onError({
      code: 'UPLOAD_FAILED',
      serverMessage: null,
      network: true,
      retryable: true,
    });
    transport('format').cb.onError({
      code: 'UNSUPPORTED_FORMAT',
      serverMessage: null,
      network: false,
      retryable: false,
    });
    queue.retryNetworkFailures();
    expect(state('net')?.state).toBe('uploading');
    expect(state('format')?.state).toBe('error');
  });

  it('remove and clearFinished drop finished entries, never running ones', () => {
    const { queue, file, state, transport } = harness();
    queue.add([file('a'), file('b')], P);
    transport('a').cb.onSuccess('m');
    queue.remove(state('b')?.id ?? '');
    expect(state('b')).toBeDefined();
    queue.clearFinished();
    expect(queue.getSnapshot().map((i) => i.name)).toEqual(['b']);
  });

  it('reset (signed out) stops every transfer without deleting it on the server', () => {
    const { queue, file, transport } = harness();
    queue.add([file('a')], P);
    queue.reset();
    expect(transport('a').abort).toHaveBeenCalledWith(false);
    expect(queue.getSnapshot()).toHaveLength(0);
  });

  it('notifies subscribers with a new snapshot on every change', () => {
    const { queue, file } = harness();
    const listener = vi.fn();
    queue.subscribe(listener);
    const before = queue.getSnapshot();
    queue.add([file('a')], P);
    expect(listener).toHaveBeenCalled();
    expect(queue.getSnapshot()).not.toBe(before);
  });
});
