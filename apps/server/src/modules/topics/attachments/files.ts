import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ATTACHMENT_THUMBNAIL_SIZE } from '@truss/contracts';
import type SharpModule from 'sharp';
import { AttachmentTooLargeError } from './errors.ts';

/** Where an attachment's bytes live: one folder per project, topic and file. */
export const attachmentKeys = {
  project: (projectId: string) => `attachments/${projectId}/`,
  topic: (projectId: string, topicId: string) => `attachments/${projectId}/${topicId}/`,
  item: (row: AttachmentPlace) => `attachments/${row.project_id}/${row.topic_id}/${row.id}/`,
  file: (row: AttachmentPlace) => `${attachmentKeys.item(row)}file`,
  thumbnail: (row: AttachmentPlace) => `${attachmentKeys.item(row)}thumb.jpg`,
};

interface AttachmentPlace {
  id: string;
  project_id: string;
  topic_id: string;
}

/** Image types a browser shows inline, by their first bytes (the Content-Type is a claim). */
export function sniffImage(head: Uint8Array): string | null {
  const b = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 16));
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) {
    return 'image/png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'image/gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF') {
    if (b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  }
  return null;
}

const PDF_MAGIC = '%PDF-';
const CLAIMED_TYPE = /^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*$/;

/**
 * The type the file is served with: a sniffed image type, PDF by its magic, else the client's
 * claim when it is a plain `type/subtype` (the file is then only ever sent as a download).
 */
export function storedType(head: Uint8Array, claimed: string | undefined): string {
  const image = sniffImage(head);
  if (image) return image;
  if (Buffer.from(head).toString('latin1', 0, PDF_MAGIC.length) === PDF_MAGIC) {
    return 'application/pdf';
  }
  const type = claimed?.split(';')[0]?.trim().toLowerCase() ?? '';
  // A claimed image or PDF whose bytes say otherwise is not shown inline: a plain download.
  if (!CLAIMED_TYPE.test(type) || type.startsWith('image/') || type === 'application/pdf') {
    return 'application/octet-stream';
  }
  return type;
}

/** Types the file route lets the browser show (anything else is sent as an attachment). */
export const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
]);

export interface ReceivedFile {
  path: string;
  size: number;
  /** The first bytes (type sniffing). */
  head: Uint8Array;
}

/**
 * Streams the request body into a temporary file, counting: past `maxBytes` it throws
 * AttachmentTooLargeError (the file is removed) and lets the rest of the body drain unread, so
 * the client still gets the 413; a body is never held in memory whole.
 */
export async function receiveBody(body: Readable, maxBytes: number): Promise<ReceivedFile> {
  const file = path.join(tmpdir(), `truss-attachment-${randomUUID()}`);
  let size = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(file);
      const fail = (error: unknown) => {
        body.removeAllListeners('data');
        body.resume();
        out.destroy();
        reject(error);
      };
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail(new AttachmentTooLargeError(maxBytes));
        if (!out.write(chunk)) {
          body.pause();
          out.once('drain', () => body.resume());
        }
      });
      body.once('end', () => out.end());
      body.once('error', fail);
      out.once('error', fail);
      out.once('finish', resolve);
    });
    const handle = await open(file, 'r');
    try {
      const head = Buffer.alloc(16);
      const { bytesRead } = await handle.read(head, 0, 16, 0);
      return { path: file, size, head: head.subarray(0, bytesRead) };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

type Sharp = typeof SharpModule;
let sharpLoaded: Promise<Sharp> | null = null;
/** sharp (libvips, ~20 MiB) loads with the first image attachment, not at start-up. */
function loadSharp(): Promise<Sharp> {
  sharpLoaded ??= import('sharp').then((module) => module.default);
  return sharpLoaded;
}

/** Pixels a photo may decode to (a phone's 50 MP photo passes; a decompression bomb does not). */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * A JPEG thumbnail (longest side ATTACHMENT_THUMBNAIL_SIZE, EXIF orientation applied, any
 * transparency on white): JPEG so the PDF report draws it as it is. Null
 * when the image cannot be decoded: the file is still kept, only without a thumbnail.
 */
export async function makeThumbnail(file: string | Buffer): Promise<Buffer | null> {
  try {
    const sharp = await loadSharp();
    return await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(ATTACHMENT_THUMBNAIL_SIZE, ATTACHMENT_THUMBNAIL_SIZE, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78 })
      .toBuffer();
  } catch {
    return null;
  }
}
