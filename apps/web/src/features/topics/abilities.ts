/**
 * What the panel offers, from the one permission table in contracts: `can()` for members,
 * `canShareVisitor()` for a share's visitors. The server decides again on every request.
 */
import {
  can,
  canShareVisitor,
  type Project,
  type SharePermissions,
  type Topic,
  type TopicAttachment,
  type TopicComment,
} from '@truss/contracts';
import { actorFor } from '../projects';

export interface TopicAbilities {
  /** A share visitor (names themselves, no assignee, no delete). */
  visitor: boolean;
  createIssue: boolean;
  createComment: boolean;
  /** Read comments: a share without comments hides them (and their count). */
  viewComments: boolean;
  /** Reply on a topic. */
  reply: boolean;
  topic(topic: Topic): { edit: boolean; assign: boolean; status: boolean; remove: boolean };
  comment(comment: TopicComment): { edit: boolean; remove: boolean };
  /** Attach files (members; visitors with Issue Editing, to issues). */
  attach: boolean;
  attachment(attachment: TopicAttachment): { remove: boolean };
}

export function memberAbilities(
  project: Pick<Project, 'role'> | null,
  userId: string | null,
): TopicAbilities {
  const actor = actorFor(project, userId);
  return {
    visitor: false,
    createIssue: can(actor, 'topic.create'),
    createComment: can(actor, 'topic.create'),
    viewComments: true,
    reply: can(actor, 'topic.comment'),
    topic(topic) {
      const resource = {
        ownerId: topic.author.user_id ?? undefined,
        assigneeId: topic.assignee_id,
      };
      return {
        edit: can(actor, 'topic.edit', resource),
        assign: can(actor, 'topic.assign', resource),
        status: can(actor, 'topic.setStatus', resource),
        remove: can(actor, 'topic.delete', resource),
      };
    },
    comment(comment) {
      const resource = { ownerId: comment.author.user_id ?? undefined };
      return {
        edit: can(actor, 'comment.edit', resource),
        remove: can(actor, 'comment.delete', resource),
      };
    },
    attach: can(actor, 'attachment.add'),
    attachment: (attachment) => ({
      remove: can(actor, 'attachment.delete', { ownerId: attachment.uploader_id ?? undefined }),
    }),
  };
}

export function visitorAbilities(permissions: SharePermissions): TopicAbilities {
  const visitor = {
    allowComments: permissions.comment,
    issuePermission: permissions.editIssues ? ('edit' as const) : ('view' as const),
  };
  const comments = canShareVisitor(visitor, 'comment.create');
  const issues = canShareVisitor(visitor, 'issue.edit');
  return {
    visitor: true,
    createIssue: issues,
    createComment: comments,
    viewComments: canShareVisitor(visitor, 'comment.view'),
    reply: comments,
    topic: (topic) => {
      const edit = issues && topic.kind === 'issue';
      return { edit, assign: false, status: edit, remove: false };
    },
    comment: () => ({ edit: false, remove: false }),
    attach: canShareVisitor(visitor, 'attachment.add'),
    // Only the files this visitor attached through this share (the server marks them).
    attachment: (attachment) => ({
      remove: attachment.yours === true && canShareVisitor(visitor, 'attachment.delete'),
    }),
  };
}
