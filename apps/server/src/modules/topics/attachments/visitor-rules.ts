/**
 * What a share visitor may do with a topic's files, and where they read them: the share's own
 * routes. Pure rules over the share and the rows; the service (service.ts) applies them.
 */
import { canShareVisitor } from '@truss/contracts';
import type { TopicAttachmentRow, TopicRow } from '../../../db/schema.ts';
import type { VisitorShare } from '../visitor-service.ts';
import type { AttachmentUrls } from './presenter.ts';

export function visitorUrls(token: string): AttachmentUrls {
  return {
    file: (id) => `/api/share/${token}/attachments/${id}`,
    thumbnail: (id) => `/api/share/${token}/attachments/${id}/thumbnail`,
  };
}

/** Visitors add files to issues only, with "Issue Editing" (as they edit only issues). */
export function visitorMayAdd(share: VisitorShare, topic: TopicRow): boolean {
  return (
    topic.kind === 'issue' &&
    canShareVisitor(
      { allowComments: share.allow_comments, issuePermission: share.issue_permission },
      'attachment.add',
    )
  );
}

/** The visitor asking uploaded this file (same share, same visitor key). */
export function isVisitors(share: VisitorShare, key: string, row: TopicAttachmentRow): boolean {
  return row.share_id === share.id && row.visitor_key === key;
}

export function visitorMaySee(share: VisitorShare, row: TopicAttachmentRow): boolean {
  if (!row.comment_id) return true;
  return canShareVisitor(
    { allowComments: share.allow_comments, issuePermission: share.issue_permission },
    'comment.view',
  );
}
