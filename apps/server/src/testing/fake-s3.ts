import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  body: Buffer;
  /** x-amz-meta-* headers given when it was written. */
  meta: Record<string, string>;
}

interface Multipart {
  key: string;
  parts: Map<number, Buffer>;
}

interface FakeS3 {
  url: string;
  objects: Map<string, StoredObject>;
  /** Multipart uploads not completed or aborted yet, by upload id. */
  multipart: Map<string, Multipart>;
  /** Every request, as `METHOD /path?query` (for tests that count or look at calls). */
  requests: string[];
  close(): Promise<void>;
}

const etagOf = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

function metaHeaders(req: IncomingMessage): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') meta[name] = value;
  }
  return meta;
}

/**
 * A tiny S3 look-alike for tests (path-style, one process, in memory): PUT/GET/HEAD/DELETE
 * object with ranges and user metadata, CopyObject, ListObjectsV2, DeleteObjects, and multipart
 * uploads (create, upload part, upload part copy, list parts, complete, abort) — what the S3
 * storage adapter and tus's S3 store use, exercised through the real AWS SDK.
 */
export function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const multipart = new Map<string, Multipart>();
  const requests: string[] = [];
  let uploads = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const [, , ...rest] = url.pathname.split('/'); // /bucket/key...
    const key = decodeURIComponent(rest.join('/'));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const q = url.searchParams;
    const xml = (status: number, content: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' }).end(content);
    };
    const error = (status: number, code: string) =>
      xml(status, `<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
    const copySource = req.headers['x-amz-copy-source'];
    const copied = (): Buffer | null => {
      if (typeof copySource !== 'string') return null;
      const [, ...sourceKey] = decodeURIComponent(copySource).replace(/^\//, '').split('/');
      const source = objects.get(sourceKey.join('/'));
      if (!source) return null;
      const range = /bytes=(\d+)-(\d+)/.exec(String(req.headers['x-amz-copy-source-range'] ?? ''));
      return range
        ? source.body.subarray(Number(range[1]), Number(range[2]) + 1)
        : Buffer.from(source.body);
    };
    const upload = q.has('uploadId') ? multipart.get(q.get('uploadId')!) : undefined;
    if (q.has('uploadId') && !upload) {
      error(404, 'NoSuchUpload');
    } else if (req.method === 'PUT' && upload && q.has('partNumber')) {
      const bytes = copySource ? copied() : body;
      if (!bytes) return error(404, 'NoSuchKey');
      upload.parts.set(Number(q.get('partNumber')), bytes);
      if (copySource) {
        xml(200, `<CopyPartResult><ETag>${etagOf(bytes)}</ETag></CopyPartResult>`);
      } else {
        res.writeHead(200, { etag: etagOf(bytes) }).end();
      }
    } else if (req.method === 'PUT' && copySource) {
      const bytes = copied();
      if (!bytes) return error(404, 'NoSuchKey');
      objects.set(key, { body: bytes, meta: {} });
      xml(200, `<CopyObjectResult><ETag>${etagOf(bytes)}</ETag></CopyObjectResult>`);
    } else if (req.method === 'PUT') {
      objects.set(key, { body, meta: metaHeaders(req) });
      res.writeHead(200, { etag: etagOf(body) }).end();
    } else if (req.method === 'POST' && q.has('uploads')) {
      uploads += 1;
      const id = `u${uploads}`;
      multipart.set(id, { key, parts: new Map() });
      xml(
        200,
        `<InitiateMultipartUploadResult><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    } else if (req.method === 'POST' && upload) {
      const wanted = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map(
        (match) => Number(match[1]),
      );
      const ordered = wanted.map((n) => upload.parts.get(n));
      if (ordered.some((part) => !part)) return error(400, 'InvalidPart');
      objects.set(key, { body: Buffer.concat(ordered as Buffer[]), meta: {} });
      multipart.delete(q.get('uploadId')!);
      xml(200, `<CompleteMultipartUploadResult><ETag>"m"</ETag></CompleteMultipartUploadResult>`);
    } else if (req.method === 'GET' && upload) {
      const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b);
      xml(
        200,
        `<ListPartsResult><IsTruncated>false</IsTruncated>${parts
          .map(
            ([n, part]) =>
              `<Part><PartNumber>${n}</PartNumber><ETag>${etagOf(part)}</ETag><Size>${part.length}</Size></Part>`,
          )
          .join('')}</ListPartsResult>`,
      );
    } else if (req.method === 'DELETE' && upload) {
      multipart.delete(q.get('uploadId')!);
      res.writeHead(204).end();
    } else if (req.method === 'POST' && q.has('delete')) {
      for (const match of body.toString().matchAll(/<Key>([^<]+)<\/Key>/g)) {
        objects.delete(match[1]!);
      }
      xml(200, '<DeleteResult></DeleteResult>');
    } else if (req.method === 'GET' && q.get('list-type') === '2') {
      const prefix = q.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      xml(
        200,
        `<ListBucketResult><IsTruncated>false</IsTruncated>${keys
          .map(
            (k) =>
              `<Contents><Key>${k}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`,
          )
          .join('')}</ListBucketResult>`,
      );
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return error(404, 'NoSuchKey');
      const range = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '');
      const slice = range
        ? object.body.subarray(Number(range[1]), Number(range[2]) + 1)
        : object.body;
      res.writeHead(range ? 206 : 200, {
        'content-length': slice.length,
        etag: etagOf(object.body),
        ...object.meta,
      });
      res.end(req.method === 'HEAD' ? undefined : slice);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(400).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        objects,
        multipart,
        requests,
        close: () => closeServer(server),
      }),
    ),
  );
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
