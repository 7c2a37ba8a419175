import type { DataScope, Executor } from '../../repositories.ts';
import { EventsRepository } from './repository.ts';

/**
 * The events module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createEventsRepositories(executor: Executor) {
  return {
    executor,
    events: new EventsRepository(executor),
  };
}

export type EventsRepositories = ReturnType<typeof createEventsRepositories>;

/** PostgreSQL NOTIFY on `channel`, for other modules' channels (`scope`: the caller's repositories). */
export async function notifyChannel(
  scope: DataScope,
  channel: string,
  payload: string,
): Promise<void> {
  await createEventsRepositories(scope.executor).events.notify(channel, payload);
}
