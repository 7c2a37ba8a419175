import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { UploadHashes } from './hashing.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bytes = randomBytes(300_000);

/** One PATCH: `chunk` through the tap into nowhere; reports it stored unless `fail`. */
async function patch(
  hashes: UploadHashes,
  offset: number,
  chunk: Buffer,
  catchUp: (() => Promise<Readable | null>) | null = null,
): Promise<void> {
  const tap = await hashes.tap('u', offset, catchUp);
  await pipeline(
    Readable.from([chunk.subarray(0, 1000), chunk.subarray(1000)]),
    tap.stream,
    new Writable({ write: (_chunk, _encoding, done) => done() }),
  );
  hashes.stored('u', offset, offset + tap.seen(), tap.seen());
}

describe('UploadHashes', () => {
  it('hashes consecutive PATCHes into the SHA-256 of the whole file', async () => {
    const hashes = new UploadHashes();
    await patch(hashes, 0, bytes.subarray(0, 100_000));
    expect(hashes.digest('u', bytes.length)).toBeNull(); // not complete yet
    await patch(hashes, 100_000, bytes.subarray(100_000));
    expect(hashes.digest('u', bytes.length)).toBe(sha256(bytes));
  });

  it('catches up from the stored bytes after losing track (a restart, another offset)', async () => {
    const hashes = new UploadHashes();
    await patch(hashes, 0, bytes.subarray(0, 50_000));
    // A PATCH at another offset than the hash knows: the stored bytes are read again.
    await patch(hashes, 120_000, bytes.subarray(120_000), async () =>
      Readable.from([bytes.subarray(0, 120_000)]),
    );
    expect(hashes.digest('u', bytes.length)).toBe(sha256(bytes));
  });

  it('gives up (null: the finish hashes the file) when the store cannot read back', async () => {
    const hashes = new UploadHashes();
    await patch(hashes, 100_000, bytes.subarray(100_000), null);
    expect(hashes.digest('u', bytes.length)).toBeNull();
    const short = new UploadHashes();
    await patch(short, 100_000, bytes.subarray(100_000), async () =>
      Readable.from([bytes.subarray(0, 99_999)]),
    );
    expect(short.digest('u', bytes.length)).toBeNull();
  });

  it('forgets a hash whose write failed or stored other than it saw', async () => {
    const hashes = new UploadHashes();
    await patch(hashes, 0, bytes.subarray(0, 100_000));
    hashes.failed('u');
    await patch(hashes, 100_000, bytes.subarray(100_000), null);
    expect(hashes.digest('u', bytes.length)).toBeNull();

    const partial = new UploadHashes();
    const tap = await partial.tap('u', 0, null);
    await pipeline(
      Readable.from([bytes]),
      tap.stream,
      new Writable({ write: (_chunk, _encoding, done) => done() }),
    );
    partial.stored('u', 0, 1000, tap.seen()); // the store kept less than passed through
    expect(partial.digest('u', 1000)).toBeNull();
  });
});
