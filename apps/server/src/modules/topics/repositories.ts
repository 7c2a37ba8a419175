import type { Executor } from '../../repositories.ts';
import { TopicNoticesRepository } from './notices-repository.ts';
import { TopicsRepository } from './repository.ts';

/**
 * The topics module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createTopicsRepositories(executor: Executor) {
  return {
    executor,
    topics: new TopicsRepository(executor),
    topicNotices: new TopicNoticesRepository(executor),
  };
}

export type TopicsRepositories = ReturnType<typeof createTopicsRepositories>;
