import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerEvent } from '@truss/contracts';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openSse } from '../../testing/sse.ts';
import { EventBus, InProcessTransport, type EventEnvelope } from './bus.ts';
import { decodePayload, encodeEnvelope, MAX_NOTIFY_BYTES } from './pg-transport.ts';
import { EventStreams } from './streams.ts';

const log = pino({ level: 'silent' });
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

function newBus(members: Record<string, string[]> = {}): EventBus {
  return new EventBus({
    transport: new InProcessTransport(),
    projectMembers: async (projectId) => members[projectId] ?? [],
    now: () => new Date('2030-01-01T00:00:00Z'),
    log,
  });
}

describe('EventBus', () => {
  it('delivers to project members resolved at publish time plus explicit users', async () => {
    const bus = newBus({ [uuid(1)]: ['a', 'b'] });
    await bus.start();
    const got: Record<string, ServerEvent[]> = { a: [], b: [], c: [], d: [] };
    for (const user of Object.keys(got)) bus.subscribe(user, (e) => got[user]!.push(e));
    await bus.publish({ type: 'member.changed', projectId: uuid(1) }, { userIds: ['c'] });
    await bus.publish(
      { type: 'member.removed', projectId: uuid(1), data: { userId: 'd' } },
      { members: false, userIds: ['d'] },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(got.a!.map((e) => e.type)).toEqual(['member.changed']);
    expect(got.c!.map((e) => e.type)).toEqual(['member.changed']);
    expect(got.d!.map((e) => e.type)).toEqual(['member.removed']);
    expect(got.a![0]).toMatchObject({
      projectId: uuid(1),
      data: {},
      at: '2030-01-01T00:00:00.000Z',
    });
  });

  it('never throws from publish, and unsubscribe stops delivery', async () => {
    const bus = new EventBus({
      transport: new InProcessTransport(),
      projectMembers: async () => {
        throw new Error('database down');
      },
      now: () => new Date(),
      log,
    });
    await expect(bus.publish({ type: 'project.updated', projectId: uuid(2) })).resolves.toBe(
      undefined,
    );
    const ok = newBus();
    await ok.start();
    const seen: string[] = [];
    const stop = ok.subscribe('u', (e) => seen.push(e.type));
    stop();
    await ok.publish({ type: 'invitation.changed', projectId: null }, { userIds: ['u'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([]);
    expect(ok.subscriberCount).toBe(0);
  });
});

describe('NOTIFY payloads', () => {
  const event: ServerEvent = {
    id: 'e1',
    type: 'member.changed',
    projectId: uuid(1),
    data: { action: 'invited' },
    at: new Date(0).toISOString(),
  };

  it('split a large audience into payloads under the limit, losing nobody', () => {
    const userIds = Array.from({ length: 1000 }, (_, i) => uuid(i));
    const { payloads } = encodeEnvelope({ event, userIds });
    expect(payloads.length).toBeGreaterThan(1);
    const decoded = payloads.map((p) => decodePayload(p) as EventEnvelope);
    for (const payload of payloads) {
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_NOTIFY_BYTES);
    }
    expect(decoded.flatMap((d) => d.userIds)).toEqual(userIds);
    expect(decoded.every((d) => d.event.id === 'e1')).toBe(true);
  });

  it('drop the data of an oversized event', () => {
    const big = { ...event, data: { blob: 'x'.repeat(10_000) } };
    const { payloads, truncated } = encodeEnvelope({ event: big, userIds: ['u'] });
    expect(truncated).toBe(true);
    expect(decodePayload(payloads[0]!)?.event.data).toEqual({ truncated: true });
    expect(decodePayload('not json')).toBeNull();
  });
});

describe('EventStreams', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  async function serve(streams: EventStreams, closeAfterMs?: number): Promise<string> {
    server = createServer((req, res) =>
      streams.open({ response: res, userId: 'u', headers: {}, closeAfterMs }),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('writes heartbeat comments and events, and ends when the token would expire', async () => {
    const bus = newBus();
    await bus.start();
    const streams = new EventStreams(bus, { heartbeatMs: 20 });
    const url = await serve(streams, 300);
    const client = await openSse(url, 'unused');
    await expect.poll(() => client.raw()).toContain(': heartbeat\n\n');
    await bus.publish({ type: 'invitation.changed', projectId: null }, { userIds: ['u'] });
    await client.waitFor((e) => e.type === 'invitation.changed');
    await client.ended;
    expect(streams.size).toBe(0);
    expect(bus.subscriberCount).toBe(0);
  });

  it('closeAll ends every stream', async () => {
    const bus = newBus();
    await bus.start();
    const streams = new EventStreams(bus);
    const url = await serve(streams);
    const client = await openSse(url, 'unused');
    await expect.poll(() => streams.size).toBe(1);
    streams.closeAll();
    await client.ended;
    expect(streams.size).toBe(0);
  });
});
