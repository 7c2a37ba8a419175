import type { TopicAttachment } from '@truss/contracts';
import type { TopicAttachmentRow } from '../../../db/schema.ts';
import type { TopicsRepositories } from '../repositories.ts';
import { nameWithoutEmail } from '../../projects/index.ts';
import { displayName } from '../../users/index.ts';

/** Where a reader fetches a file and its thumbnail (members' routes or the share's). */
export interface AttachmentUrls {
  file: (id: string) => string;
  thumbnail: (id: string) => string;
}

/**
 * Attachments as the API answers them. Uploaders are named as elsewhere: members see the
 * member's name (else address); visitors and guests (`reader` 'visitor') the display name only,
 * never an address.
 */
export async function presentAttachments(
  repos: TopicsRepositories,
  rows: readonly TopicAttachmentRow[],
  urls: AttachmentUrls,
  reader: 'member' | 'visitor',
): Promise<TopicAttachment[]> {
  const ids = [...new Set(rows.map((row) => row.uploader_id).filter((id): id is string => !!id))];
  const names = new Map<string, string>();
  for (const row of await repos.topics.nameFields(ids)) {
    const name = displayName(row);
    if (name) names.set(row.id, name);
  }
  if (reader === 'member') {
    for (const [id, user] of await repos.topics.userNames(ids)) {
      if (!names.has(id) && user.name) names.set(id, user.name);
    }
  }
  return rows.map((row) => ({
    id: row.id,
    topic_id: row.topic_id,
    comment_id: row.comment_id,
    filename: row.filename,
    content_type: row.content_type,
    size_bytes: Number(row.size_bytes),
    is_image: row.is_image,
    url: urls.file(row.id),
    thumbnail_url: row.has_thumbnail ? urls.thumbnail(row.id) : null,
    uploader_id: row.uploader_id,
    uploader_name:
      (row.uploader_id && names.get(row.uploader_id)) ||
      (reader === 'member' ? row.uploader_name : nameWithoutEmail(row.uploader_name)),
    created_at: row.created_at.toISOString(),
  }));
}
