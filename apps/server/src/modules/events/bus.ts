import { randomUUID } from 'node:crypto';
import type { EventType, ServerEvent } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { LocalNotifications } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';

/** What a service publishes; the bus adds `id` and `at`. Keep `data` small (ids, names, numbers). */
export interface EventInput {
  type: EventType;
  projectId: string | null;
  data?: Record<string, unknown>;
}

/**
 * Who receives an event. By default the accepted members of `event.projectId`, resolved when the
 * event is published; `userIds` adds users explicitly (a removed member, an invitee, the members
 * of a project that is being deleted, collected before the rows go).
 */
export interface EventAudience {
  /** Include the project's current members (default: true when the event has a projectId). */
  members?: boolean;
  userIds?: readonly string[];
}

/** One event for a set of users, as it travels between processes. */
export interface EventEnvelope {
  event: ServerEvent;
  userIds: string[];
}

/**
 * How envelopes reach every API process: in-process (PGlite, one process) or PostgreSQL
 * LISTEN/NOTIFY (any number of processes on one database). `deliver` runs for every envelope
 * any process sent (this one included); `reset` when envelopes may have been lost (a listener
 * reconnected), so open streams should make their clients refetch.
 */
export interface EventTransport {
  start(handlers: { deliver(envelope: EventEnvelope): void; reset(): void }): Promise<void>;
  send(envelope: EventEnvelope): Promise<void>;
  close(): Promise<void>;
  /** Other NOTIFY channels on the same listening connection (absent in-process). */
  listen?(channel: string, handlers: ChannelHandlers): () => void;
}

/** A plain NOTIFY channel shared between processes (e.g. the job queue's wake-ups). */
export interface ChannelHandlers {
  /** Any process sent NOTIFY on the channel (with its payload). */
  notify(payload: string): void;
  /** The listening connection came back: notifications sent meanwhile are lost. */
  reset(): void;
  /**
   * Whether every notification on the channel is being heard: true once LISTEN took effect
   * (after each reconnect), false when the connection is lost. Never called where there is no
   * listening connection (in-process without a database source).
   */
  listening?(up: boolean): void;
}

/** The publishing side of the bus: what services depend on. */
export interface EventPublisher {
  /** Never throws: a failed publish is logged (the change itself is already committed). */
  publish(input: EventInput, audience?: EventAudience): Promise<void>;
}

export type EventListener = (event: ServerEvent) => void;

interface EventBusDeps {
  transport: EventTransport;
  /** Accepted members' user ids of a project (read at publish time). */
  projectMembers(projectId: string): Promise<string[]>;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * Realtime fan-out: services `publish` after their transaction commits; SSE streams `subscribe`
 * for their signed-in user. Delivery always goes through the transport, so a process receives
 * its own events exactly like those of other processes.
 */
export class EventBus implements EventPublisher {
  readonly #d: EventBusDeps;
  readonly #listeners = new Map<string, Set<EventListener>>();
  readonly #resetListeners = new Set<() => void>();
  #started = false;

  constructor(deps: EventBusDeps) {
    this.#d = deps;
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    await this.#d.transport.start({
      deliver: (envelope) => this.#deliver(envelope),
      reset: () => {
        for (const listener of this.#resetListeners) listener();
      },
    });
  }

  async publish(input: EventInput, audience: EventAudience = {}): Promise<void> {
    try {
      const users = new Set(audience.userIds ?? []);
      if (input.projectId && audience.members !== false) {
        for (const id of await this.#d.projectMembers(input.projectId)) users.add(id);
      }
      if (users.size === 0) return;
      const event: ServerEvent = {
        id: randomUUID(),
        type: input.type,
        projectId: input.projectId,
        data: input.data ?? {},
        at: this.#d.now().toISOString(),
      };
      await this.#d.transport.send({ event, userIds: [...users] });
    } catch (error) {
      this.#d.log.error({ err: error, type: input.type }, 'event publish failed');
    }
  }

  /** Calls `listener` with every event addressed to `userId`; returns the unsubscribe. */
  subscribe(userId: string, listener: EventListener): () => void {
    let set = this.#listeners.get(userId);
    if (!set) {
      set = new Set();
      this.#listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      const current = this.#listeners.get(userId);
      current?.delete(listener);
      if (current?.size === 0) this.#listeners.delete(userId);
    };
  }

  /** Called when events may have been missed (the transport reconnected). */
  onReset(listener: () => void): () => void {
    this.#resetListeners.add(listener);
    return () => this.#resetListeners.delete(listener);
  }

  /**
   * Listens on another NOTIFY channel through the bus's one listening connection (PostgreSQL);
   * a no-op in-process, where there is no other process to hear from. Returns the unsubscribe.
   */
  listen(channel: string, handlers: ChannelHandlers): () => void {
    return this.#d.transport.listen?.(channel, handlers) ?? (() => undefined);
  }

  /** Local subscribers right now (tests, health). */
  get subscriberCount(): number {
    let count = 0;
    for (const set of this.#listeners.values()) count += set.size;
    return count;
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    this.#resetListeners.clear();
    await this.#d.transport.close();
  }

  #deliver({ event, userIds }: EventEnvelope): void {
    for (const userId of userIds) {
      const set = this.#listeners.get(userId);
      if (!set) continue;
      for (const listener of [...set]) {
        try {
          listener(event);
        } catch (error) {
          this.#d.log.warn({ err: error }, 'event listener failed');
        }
      }
    }
  }
}

/** One process (PGlite): envelopes go straight to this process's subscribers. */
export class InProcessTransport implements EventTransport {
  #deliver: ((envelope: EventEnvelope) => void) | null = null;
  readonly #notifications: LocalNotifications | null;
  readonly #unlisten = new Set<() => void>();

  /** `notifications`: the embedded database's NOTIFY, for `listen` (absent: `listen` is inert). */
  constructor(notifications?: LocalNotifications) {
    this.#notifications = notifications ?? null;
  }

  async start(handlers: { deliver(envelope: EventEnvelope): void }): Promise<void> {
    this.#deliver = handlers.deliver;
  }

  async send(envelope: EventEnvelope): Promise<void> {
    const deliver = this.#deliver;
    if (deliver) queueMicrotask(() => deliver(envelope));
  }

  listen(channel: string, handlers: ChannelHandlers): () => void {
    const source = this.#notifications;
    if (!source) return () => undefined;
    let stopped = false;
    let stop: (() => void) | null = null;
    source(channel, (payload) => {
      if (!stopped) handlers.notify(payload);
    }).then(
      (unlisten) => {
        stop = unlisten;
        this.#unlisten.add(unlisten);
        if (!stopped) handlers.listening?.(true);
      },
      () => handlers.listening?.(false),
    );
    return () => {
      stopped = true;
      if (stop) {
        this.#unlisten.delete(stop);
        stop();
      }
    };
  }

  async close(): Promise<void> {
    this.#deliver = null;
    for (const unlisten of this.#unlisten) unlisten();
    this.#unlisten.clear();
  }
}
