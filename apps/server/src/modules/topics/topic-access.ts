import type { TopicRow } from '../../db/schema.ts';
import { loadProjectAccess, type ProjectAccess } from '../projects/index.ts';
import { TopicNotFoundError } from './errors.ts';
import type { TopicsRepositories } from './repositories.ts';

/**
 * The topic and the caller's access to its project: 404 for an unknown topic and for a caller who
 * is not a member alike (a topic id tells outsiders nothing). Other failures (the database) pass.
 */
export async function topicAccess(
  repos: TopicsRepositories,
  userId: string,
  topicId: string,
): Promise<{ topic: TopicRow; access: ProjectAccess }> {
  const topic = await repos.topics.findTopic(topicId);
  if (!topic) throw new TopicNotFoundError();
  const access = await loadProjectAccess(
    repos,
    topic.project_id,
    userId,
    () => new TopicNotFoundError('not a member'),
  );
  return { topic, access };
}
