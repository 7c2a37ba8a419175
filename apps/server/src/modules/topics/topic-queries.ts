/**
 * A list or thread request's query as the repositories take it: the topic list's filter and
 * page (members' list, share visitors' list, the PDF report) and one page of a comment thread.
 */
import type { CommentPage, CommentPageQuery, TopicListQuery } from '@truss/contracts';
import { decodeCursor, encodeCursor, toComment } from './presenter.ts';
import type { TopicsRepositories } from './repositories.ts';
import type { TopicFilter, TopicPage } from './repository.ts';

export function listFilter(query: Partial<TopicListQuery>): TopicFilter {
  const list = (value: string | undefined) =>
    value
      ?.split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  return {
    kind: query.kind,
    statuses: list(query.status),
    types: list(query.type),
    assigneeId:
      query.assignee === undefined ? undefined : query.assignee === 'none' ? null : query.assignee,
    label: query.label,
    modelId: query.modelId,
    sheetId: query.sheetId,
    modelIds: list(query.models),
    dueBefore: query.dueBefore ? new Date(query.dueBefore) : undefined,
    dueAfter: query.dueAfter ? new Date(query.dueAfter) : undefined,
    noDueDate: query.due === 'none' || undefined,
    search: query.q?.trim() || undefined,
  };
}

/** One page of a topic's thread, as the API answers it. */
export async function commentPage(
  repos: TopicsRepositories,
  topicId: string,
  query: CommentPageQuery,
): Promise<CommentPage> {
  const [page, total] = await Promise.all([
    repos.topics.commentPage(topicId, {
      before: decodeCursor(query.before),
      after: decodeCursor(query.after),
      limit: query.limit,
    }),
    repos.topics.commentCount(topicId),
  ]);
  return {
    comments: page.rows.map(toComment),
    total,
    before: encodeCursor(page.before),
    after: encodeCursor(page.after),
  };
}

export function listPage(query: TopicListQuery): TopicPage {
  return { sort: query.sort, order: query.order, limit: query.limit, offset: query.offset };
}
