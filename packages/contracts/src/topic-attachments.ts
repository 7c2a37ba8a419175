import { z } from 'zod';
import { visitorNameSchema } from './topics.ts';

/**
 * Files attached to a topic or to one of its comments: photos (a phone's camera), PDFs, any
 * file. The bytes go up as the raw request body (`POST /api/topics/{id}/attachments?name=…`);
 * images get a small JPEG thumbnail. Each file's size is capped by the plan of the project's
 * owner (plan-rules.ts ATTACHMENT_MAX_BYTES) and counts in the plan's storage.
 */

export const ATTACHMENT_FILENAME_MAX = 255;
/** Longest side of an image attachment's thumbnail, in pixels. */
export const ATTACHMENT_THUMBNAIL_SIZE = 320;

export const attachmentSchema = z
  .object({
    id: z.uuid(),
    topic_id: z.uuid(),
    /** The comment it belongs to; null: the topic's own. */
    comment_id: z.uuid().nullable(),
    filename: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    /** A PNG, JPEG, WebP or GIF the browser may show inline. */
    is_image: z.boolean(),
    /** Where the file is read (members' or the share's route). */
    url: z.string(),
    thumbnail_url: z.string().nullable(),
    uploader_id: z.uuid().nullable(),
    uploader_name: z.string(),
    created_at: z.iso.datetime(),
    /**
     * Share answers only: the visitor asking uploaded it through this share (same share, same
     * visitor key) and may delete it.
     */
    yours: z.boolean().optional(),
  })
  .meta({ id: 'TopicAttachment' });
export type TopicAttachment = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({
  attachments: z.array(attachmentSchema),
  /** The largest file the project's plan allows per attachment (bytes). */
  max_bytes: z.number().int(),
});
export type TopicAttachmentList = z.infer<typeof attachmentListSchema>;

export const attachmentUploadQuerySchema = z.object({
  name: z
    .string({ error: 'validation.invalid' })
    .trim()
    .min(1, { error: 'validation.invalid' })
    .max(ATTACHMENT_FILENAME_MAX, { error: 'validation.textTooLong' })
    // No path separators and no control characters (a name is shown and sent back as is).
    .refine(
      (value) => ![...value].some((char) => char < ' ' || char === '\u007f' || /[/\\]/.test(char)),
      { error: 'validation.invalid' },
    ),
  commentId: z.uuid({ error: 'validation.invalid' }).optional(),
});
export type AttachmentUploadQuery = z.infer<typeof attachmentUploadQuerySchema>;

/** A share visitor's upload (Issue Editing): the topic's own files only, under the visitor's name. */
export const shareAttachmentUploadQuerySchema = attachmentUploadQuerySchema
  .omit({ commentId: true })
  .extend({ authorName: visitorNameSchema });
export type ShareAttachmentUploadQuery = z.infer<typeof shareAttachmentUploadQuerySchema>;

export const attachmentFileQuerySchema = z.object({
  /** Sends the file as a download even when the browser could show it. */
  download: z.enum(['1']).optional(),
});
