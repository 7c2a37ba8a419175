import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from '@truss/contracts';
import type SharpModule from 'sharp';
import { AppError } from '../../http/errors.ts';

class AvatarInvalidImageError extends AppError {
  constructor(detail?: string) {
    super('AVATAR_INVALID_IMAGE', 415, { detail });
  }
}

export class AvatarTooLargeError extends AppError {
  constructor() {
    super('AVATAR_TOO_LARGE', 413);
  }
}

/** PNG, JPEG or WebP by their first bytes: the Content-Type header is only a claim. */
function sniffImageType(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) {
    return 'png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 12 &&
    b.toString('latin1', 0, 4) === 'RIFF' &&
    b.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

type Sharp = typeof SharpModule;
let sharpLoaded: Promise<Sharp> | null = null;

/**
 * sharp (libvips) loads with the first avatar: about 20 MiB of RSS that a server which processes
 * none should not hold.
 */
function loadSharp(): Promise<Sharp> {
  sharpLoaded ??= import('sharp').then((module) => module.default);
  return sharpLoaded;
}

/** Pixels an upload may decode to (a 5 MB file can claim a gigapixel: refuse those early). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Checks and resizes an uploaded avatar to a AVATAR_SIZE square WebP (centre crop; the web app
 * crops before uploading, so this mostly scales). EXIF orientation is applied, metadata dropped.
 */
export async function processAvatar(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new AvatarTooLargeError();
  const type = sniffImageType(bytes);
  if (!type) throw new AvatarInvalidImageError('not a PNG, JPEG or WebP file');
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== type) throw new AvatarInvalidImageError(`decoded as ${meta.format}`);
    return await image
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AvatarInvalidImageError(error instanceof Error ? error.message : String(error));
  }
}

/** A new object key per upload, so the URL changes and caches never serve the old picture. */
export function newAvatarKey(userId: string): { key: string; url: string } {
  const version = randomBytes(8).toString('hex');
  return {
    key: `avatars/${userId}/${version}.webp`,
    url: `/api/avatars/${userId}/${version}.webp`,
  };
}
