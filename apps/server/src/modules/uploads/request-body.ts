import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import { NodeRequest } from 'srvx/node';

/** Bytes of a PATCH body read ahead of the store before the socket is paused. */
const BODY_HIGH_WATER_BYTES = 1024 * 1024;

/**
 * The request body as a web stream, for @tus/server (which reads `request.body` and turns it
 * back into a Node stream). srvx's default is Node's `Readable.toWeb`, which copies every chunk
 * into a new buffer "to detach it from the pool": for a 1 GB upload that is 1 GB more of
 * allocation, zeroing and copying on the event loop, about a third of the server's CPU per
 * PATCH. Socket reads are fresh buffers that nothing else reuses, so they are handed on as
 * they are; otherwise this is Node's adapter (the same pause/resume backpressure counted in
 * bytes, and the same error, abort and cancel handling).
 */
function requestBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  req.pause();
  const cleanup = finished(req, (error) => {
    cleanup();
    // A legacy stream may emit 'error' again after finished: keep it from crashing.
    req.on('error', () => undefined);
    if (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE'
          ? new DOMException('The request was aborted', 'AbortError')
          : error;
      controller.error(reason);
    } else if (!cancelled) {
      controller.close();
    }
  });
  req.on('data', (chunk: Buffer) => {
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  });
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        req.resume();
      },
      cancel(reason: unknown) {
        cancelled = true;
        req.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BODY_HIGH_WATER_BYTES }),
  );
}

/**
 * srvx's request of a Node request (what `tus.handle(req, res)` makes), with the body streamed
 * without copies (see above).
 */
export function uploadRequest(req: IncomingMessage, res: ServerResponse): Request {
  const request = new NodeRequest({ req, res });
  let body: ReadableStream<Uint8Array> | null | undefined;
  Object.defineProperty(request, 'body', {
    configurable: true,
    get: () => {
      if (body === undefined) {
        const method = req.method ?? 'GET';
        body = method === 'GET' || method === 'HEAD' ? null : requestBodyStream(req);
      }
      return body;
    },
  });
  return request;
}
