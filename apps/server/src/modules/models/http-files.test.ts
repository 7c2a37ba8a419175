import { describe, expect, it } from 'vitest';
import { FileUrlSigner } from './file-urls.ts';
import { contentDisposition, etagMatches, negotiateEncoding, parseRange } from './http-files.ts';

describe('file responses', () => {
  it('Content-Disposition: ASCII fallback plus RFC 5987 filename* for any name', () => {
    expect(contentDisposition('house.ifc')).toBe(
      `attachment; filename="house.ifc"; filename*=UTF-8''house.ifc`,
    );
    expect(contentDisposition('办公楼 A (v2).ifc')).toBe(
      `attachment; filename="A (v2).ifc"; filename*=UTF-8''%E5%8A%9E%E5%85%AC%E6%A5%BC%20A%20%28v2%29.ifc`,
    );
    expect(contentDisposition('a"b\\c\r\n.obj')).toMatch(/^attachment; filename="a_b_c.obj";/);
    expect(contentDisposition('模型')).toMatch(/^attachment; filename="model"; filename\*=UTF-8''/);
  });

  it('Range: one byte range, suffix and open ranges, 416 beyond the end', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });

  it('Accept-Encoding: br over gzip, q=0 refuses', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });

  it('If-None-Match lists, weak tags and *', () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"x"')).toBe(true);
    expect(etagMatches('"a"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });

  it('signed file URLs: stable for a day, expire, bound to model, file, version and user', () => {
    const signer = new FileUrlSigner('secret');
    const now = new Date('2030-01-01T10:00:00Z');
    const url = signer.url('m1', 'thumbnail.png', 'abc', 'u1', now);
    expect(signer.url('m1', 'thumbnail.png', 'abc', 'u1', new Date('2030-01-01T20:00:00Z'))).toBe(
      url,
    );
    expect(signer.url('m1', 'thumbnail.png', 'abc', 'u2', now)).not.toBe(url);
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    const parsed = { v: query.v, u: query.u, exp: Number(query.exp), sig: query.sig };
    expect(signer.verify('m1', 'thumbnail.png', parsed, now)).toBe('u1');
    expect(signer.verify('m2', 'thumbnail.png', parsed, now)).toBeNull();
    expect(signer.verify('m1', 'viewable.glb', parsed, now)).toBeNull();
    expect(signer.verify('m1', 'thumbnail.png', { ...parsed, v: 'abd' }, now)).toBeNull();
    // another user's id under the same signature does not pass
    expect(signer.verify('m1', 'thumbnail.png', { ...parsed, u: 'u2' }, now)).toBeNull();
    expect(signer.verify('m1', 'thumbnail.png', { ...parsed, u: undefined }, now)).toBeNull();
    expect(
      signer.verify('m1', 'thumbnail.png', parsed, new Date('2030-01-04T00:00:00Z')),
    ).toBeNull();
    expect(new FileUrlSigner('other').verify('m1', 'thumbnail.png', parsed, now)).toBeNull();
  });
});
