import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import type { EventsRepositories } from './repositories.ts';
import { EventBus, InProcessTransport, type EventTransport } from './bus.ts';
import type { RegisterModule } from '../module.ts';
import { PgNotifyTransport } from './pg-transport.ts';
import { eventsRoutes } from './routes.ts';
import { EventStreams } from './streams.ts';
export {
  createEventsRepositories,
  notifyChannel,
  type EventsRepositories,
} from './repositories.ts';

export type {
  ChannelHandlers,
  EventAudience,
  EventEnvelope,
  EventInput,
  EventListener,
  EventPublisher,
} from './bus.ts';
export { EventBus } from './bus.ts';
export { EventStreams } from './streams.ts';

/**
 * The process's event bus: PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL (events
 * reach SSE clients of every instance), in-process on PGlite. Call `start()` before listening.
 */
export function createEventBus(deps: {
  database: DatabaseHandle;
  data: DataAccess<EventsRepositories>;
  /**
   * A project's accepted members, the events' default audience: the members module's
   * `acceptedMemberIds`, handed in by app.ts (members publishes events, so no import back).
   */
  projectMembers: (scope: DataScope, projectId: string) => Promise<string[]>;
  now: Clock;
  log: FastifyBaseLogger;
}): EventBus {
  const { database, data, now, log } = deps;
  const transport: EventTransport =
    database.engine === 'postgres' && database.connectionString
      ? new PgNotifyTransport({
          connectionString: database.connectionString,
          notify: (channel, payload) => data.repos.events.notify(channel, payload),
          log,
        })
      : new InProcessTransport(database.notifications);
  return new EventBus({
    transport,
    projectMembers: (projectId) => deps.projectMembers(data.repos, projectId),
    now,
    log,
  });
}

export interface EventsDeps {
  /** The process's bus (`createEventBus`), started: the read cache listens through it first. */
  events: EventBus;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
}

/**
 * Realtime fan-out: services publish through `events`; `GET /api/events` streams them (SSE).
 * Streams end before the app closes, the bus after.
 */
export const register: RegisterModule<EventsDeps, { streams: EventStreams }> = async (
  app,
  deps,
) => {
  const { events } = deps;
  const streams = new EventStreams(events);
  await app.register(eventsRoutes, { streams, requireAuth: deps.requireAuth, now: deps.now });
  app.addHook('preClose', async () => streams.closeAll({ shutdown: true }));
  app.addHook('onClose', async () => events.close());
  return { streams };
};
