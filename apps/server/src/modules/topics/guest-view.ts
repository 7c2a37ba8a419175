import type { CommentPage, Topic, TopicComment } from '@truss/contracts';
import {
  hidesEmails,
  maskEmails,
  nameWithoutEmail,
  nullableNameWithoutEmail,
  type ProjectAccess,
} from '../projects/index.ts';

/**
 * Topics and comments as a guest sees them: no e-mail address anywhere. Authors without a
 * display name are stored under their address, BCF imports bring addresses in AssignedTo, and
 * @mentions and free text may carry them.
 */
export function topicWithoutEmails<T extends Topic>(topic: T): T {
  return {
    ...topic,
    title: maskEmails(topic.title),
    description: maskEmails(topic.description),
    assigned_to: nullableNameWithoutEmail(topic.assigned_to),
    labels: topic.labels.map(maskEmails),
    author: { ...topic.author, name: nameWithoutEmail(topic.author.name) },
  };
}

export function commentWithoutEmails(comment: TopicComment): TopicComment {
  return {
    ...comment,
    text: maskEmails(comment.text),
    author: { ...comment.author, name: nameWithoutEmail(comment.author.name) },
  };
}

/** The shaping of topic responses for `access`: unchanged for the team, masked for a guest. */
export function viewFor(access: ProjectAccess) {
  const hide = hidesEmails(access);
  return {
    topic: <T extends Topic>(topic: T): T => (hide ? topicWithoutEmails(topic) : topic),
    comment: (comment: TopicComment): TopicComment =>
      hide ? commentWithoutEmails(comment) : comment,
    page: (page: CommentPage): CommentPage =>
      hide ? { ...page, comments: page.comments.map(commentWithoutEmails) } : page,
  };
}
