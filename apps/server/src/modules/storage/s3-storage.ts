import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { isConnectionFailure, StorageUnavailableError } from '../../http/fault-errors.ts';
import {
  assertValidKey,
  ObjectNotFoundError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, OSS, COS, R2...); unset = AWS. */
  endpoint?: string | null;
  accessKeyId?: string | null;
  secretAccessKey?: string | null;
  forcePathStyle?: boolean;
  /** Prepended to every key (e.g. 'truss/'). */
  prefix?: string;
  /** Files above this size go up in parts of this size (S3 caps a single PUT at 5 GiB). */
  partBytes?: number;
  /** Objects above this size are copied in parts (S3 caps a single CopyObject at 5 GiB). */
  copyPartBytes?: number;
}

const DEFAULT_PART_BYTES = 64 * 1024 * 1024;
const DEFAULT_COPY_PART_BYTES = 5 * 1024 ** 3;

/** The SDK client settings of a bucket (shared with the tus S3 store of unfinished uploads). */
export function s3ClientConfig(options: S3StorageOptions): S3ClientConfig {
  return {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    // S3-compatible services often reject the SDK's default streaming checksum trailers.
    ...(options.endpoint
      ? {
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  };
}

/** Whether an S3 call failed for the store's sake (unreachable, or 5xx) rather than the request's. */
export function isStoreFailure(error: unknown): boolean {
  if (error instanceof StorageUnavailableError) return false; // already classified
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata
    ?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  return isConnectionFailure(error);
}

/**
 * Every failure of an S3 call that is the store's (connection refused, reset, timed out, 5xx)
 * leaves the client as StorageUnavailableError (503 STORAGE_UNAVAILABLE), not as a bare socket
 * error that would be taken for the database's. Used on the storage's client and tus's.
 */
export function classifyStoreFailures(client: S3Client): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        if (isStoreFailure(error)) throw new StorageUnavailableError(error);
        throw error;
      }
    },
    { step: 'initialize', name: 'trussStoreFailures', priority: 'high' },
  );
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Objects in an S3-compatible bucket (enabled by S3_BUCKET). */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #partBytes: number;
  readonly #copyPartBytes: number;

  constructor(options: S3StorageOptions, client?: S3Client) {
    this.#bucket = options.bucket;
    this.#prefix = options.prefix ?? '';
    this.#partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
    this.#copyPartBytes = options.copyPartBytes ?? DEFAULT_COPY_PART_BYTES;
    this.#client = client ?? new S3Client(s3ClientConfig(options));
    classifyStoreFailures(this.#client);
  }

  #key(key: string): string {
    assertValidKey(key);
    return `${this.#prefix}${key}`;
  }

  async put(
    key: string,
    body: Uint8Array | Readable,
    options: { contentType?: string } = {},
  ): Promise<ObjectInfo> {
    // A single PUT needs the length up front: streams of unknown length are buffered (only
    // small objects take this path; big files go through putFile).
    const bytes = body instanceof Uint8Array ? body : await collect(body);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#key(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: options.contentType,
      }),
    );
    return { size: bytes.byteLength };
  }

  async putFile(
    key: string,
    filePath: string,
    options: { contentType?: string } = {},
  ): Promise<ObjectInfo> {
    const { size } = await stat(filePath);
    if (size <= this.#partBytes) {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: this.#key(key),
          Body: createReadStream(filePath),
          ContentLength: size,
          ContentType: options.contentType,
        }),
      );
      return { size };
    }
    const created = await this.#client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.#bucket,
        Key: this.#key(key),
        ContentType: options.contentType,
      }),
    );
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error('S3 returned no multipart upload id');
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      for (let start = 0, part = 1; start < size; start += this.#partBytes, part++) {
        const end = Math.min(size, start + this.#partBytes) - 1;
        const result = await this.#client.send(
          new UploadPartCommand({
            Bucket: this.#bucket,
            Key: this.#key(key),
            UploadId: uploadId,
            PartNumber: part,
            Body: createReadStream(filePath, { start, end }),
            ContentLength: end - start + 1,
          }),
        );
        parts.push({ ETag: result.ETag, PartNumber: part });
      }
      await this.#client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.#bucket,
          Key: this.#key(key),
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await this.#client
        .send(
          new AbortMultipartUploadCommand({
            Bucket: this.#bucket,
            Key: this.#key(key),
            UploadId: uploadId,
          }),
        )
        .catch(() => undefined); // the original error is the one worth reporting
      throw error;
    }
    return { size };
  }

  async copy(fromKey: string, toKey: string): Promise<ObjectInfo> {
    const info = await this.stat(fromKey);
    if (!info) throw new ObjectNotFoundError(fromKey);
    const source = `${this.#bucket}/${encodeURIComponent(this.#key(fromKey))}`;
    if (info.size <= this.#copyPartBytes) {
      await this.#client.send(
        new CopyObjectCommand({ Bucket: this.#bucket, Key: this.#key(toKey), CopySource: source }),
      );
      return info;
    }
    const target = { Bucket: this.#bucket, Key: this.#key(toKey) };
    const created = await this.#client.send(new CreateMultipartUploadCommand(target));
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error('S3 returned no multipart upload id');
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      for (let start = 0, part = 1; start < info.size; start += this.#copyPartBytes, part++) {
        const end = Math.min(info.size, start + this.#copyPartBytes) - 1;
        const result = await this.#client.send(
          new UploadPartCopyCommand({
            ...target,
            UploadId: uploadId,
            PartNumber: part,
            CopySource: source,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ ETag: result.CopyPartResult?.ETag, PartNumber: part });
      }
      await this.#client.send(
        new CompleteMultipartUploadCommand({
          ...target,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await this.#client
        .send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId }))
        .catch(() => undefined); // the original error is the one worth reporting
      throw error;
    }
    return info;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const result = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: this.#key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = result.Body;
      if (body instanceof Readable) return body;
      if (!body) return Readable.from([]);
      return Readable.fromWeb(
        (body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never,
      );
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }),
      );
      return { size: Number(head.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: this.#key(prefix),
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) keys.push(item.Key.slice(this.#prefix.length));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      await this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.#bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((key) => ({ Key: this.#key(key) })) },
        }),
      );
    }
    return keys.length;
  }

  localPath(): null {
    return null;
  }

  async ping(timeoutMs: number): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }), {
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof StorageUnavailableError) throw error;
      const name = (error as { name?: string }).name;
      if (name === 'AbortError' || name === 'TimeoutError') {
        throw new StorageUnavailableError(
          error,
          `object storage did not answer in ${timeoutMs} ms`,
        );
      }
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      throw new StorageUnavailableError(
        error,
        status === 404
          ? `bucket ${this.#bucket} does not exist`
          : `bucket check failed (${status ?? name})`,
      );
    }
  }

  async ensureBucket(): Promise<'exists' | 'created' | 'created-elsewhere'> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
      return 'exists';
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      if (status !== 404) throw error;
    }
    try {
      await this.#client.send(new CreateBucketCommand({ Bucket: this.#bucket }));
      return 'created';
    } catch (error) {
      const name = (error as { name?: string }).name;
      // Between our HEAD and CREATE another instance created it (AWS outside us-east-1; Ceph
      // and us-east-1 answer 200 instead, so 'created' may be that race too).
      if (name === 'BucketAlreadyOwnedByYou') return 'created-elsewhere';
      throw error;
    }
  }
}
