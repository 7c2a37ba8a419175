import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convertModel } from './convert.ts';
import type { ConversionErrorCode } from './errors.ts';
import type { ConversionStage } from './importers/context.ts';
import { decodeMetadata } from './metadata-file.ts';
import { ASSIMP_INVALID_DIR, HAVE_SAMPLES, sample, sampleBytes } from './testing/samples.ts';
import { validateGlb } from './validate.ts';
import { runConversionInWorker, transferList } from './worker.ts';
import { lyingZipBomb } from './testing/zip-bomb.ts';
import { extractZip, inflateZip } from './zip.ts';

const text = (value: string) => new TextEncoder().encode(value);

async function failure(
  bytes: Uint8Array,
  filename: string,
  options = {},
): Promise<ConversionErrorCode> {
  try {
    await convertModel({ bytes, filename }, options);
  } catch (error) {
    return (error as { code: ConversionErrorCode }).code;
  }
  throw new Error(`${filename} converted although it should have failed`);
}

describe('typed errors', () => {
  it('EMPTY_FILE, UNSUPPORTED_FORMAT', async () => {
    expect(await failure(new Uint8Array(0), 'model.ifc')).toBe('EMPTY_FILE');
    expect(await failure(text('hello, this is not a model at all'), 'model.obj')).toBe(
      'UNSUPPORTED_FORMAT',
    );
  });

  it('MALFORMED_FILE with a reason for broken OFF, PLY, glTF and 3DS content', async () => {
    expect(await failure(text('OFF\n8 6 0\n0 0 0\n'), 'cut.off')).toBe('MALFORMED_FILE');
    expect(await failure(text('ply\nformat ascii 1.0\nelement vertex 3\n'), 'cut.ply')).toBe(
      'MALFORMED_FILE',
    );
    expect(
      await failure(
        text('{"asset":{"version":"2.0"},"buffers":[{"uri":"missing.bin","byteLength":12}]}'),
        'x.gltf',
      ),
    ).toBe('MALFORMED_FILE');
    const fake3ds = new Uint8Array(64);
    fake3ds.set([0x4d, 0x4d, 64, 0, 0, 0, 0x3d, 0x3d, 200, 0, 0, 0]);
    expect(['MALFORMED_FILE', 'NO_GEOMETRY']).toContain(await failure(fake3ds, 'broken.3ds'));
  });

  it('NO_GEOMETRY for a model without faces', async () => {
    expect(await failure(text('v 0 0 0\nv 1 0 0\nv 0 1 0\n# no faces\n'), 'points.obj')).toBe(
      'NO_GEOMETRY',
    );
  });

  it('TOO_LARGE over the triangle cap', async () => {
    const obj = text('v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 2 4 3\n');
    expect(await failure(obj, 'two.obj', { maxTriangles: 1 })).toBe('TOO_LARGE');
    expect(await failure(obj, 'two.obj', { maxInputBytes: 10 })).toBe('TOO_LARGE');
  });

  it('refuses a zip bomb before inflating it', () => {
    // 4 MiB of zeros deflate to ~4 KiB: a ratio (about 1,000) no real model reaches. Not
    // 64 MiB: deflating that took over 5 s on a loaded 2-core machine.
    const bomb = zipSync({ 'model.obj': new Uint8Array(4 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan((4 * 1024 * 1024) / 200);
    expect(() => extractZip(bomb, () => true)).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }),
    );
    expect(() =>
      extractZip(zipSync({ 'a.obj': text('v 0 0 0\n'.repeat(1000)) }), () => true, {
        maxUncompressedBytes: 100,
        maxCompressionRatio: 200,
      }),
    ).toThrow(expect.objectContaining({ code: 'TOO_LARGE' }));
  });

  it('stops a zip bomb that lies about its size as soon as its real output passes the lie', () => {
    // Both headers declare 1 KiB; the entry really inflates to 64 MiB (64 KiB deflated).
    const bomb = lyingZipBomb('model.obj', 64 * 1024 * 1024, 1024);
    const honest = lyingZipBomb('model.obj', 64 * 1024 * 1024, 64 * 1024 * 1024);
    const limits = { maxTotalBytes: 2 ** 31, maxCompressionRatio: 2000 };
    expect(() => extractZip(bomb, () => true)).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }),
    );
    const timed = (run: () => unknown) => {
      const started = performance.now();
      try {
        run();
      } catch {
        // timed either way
      }
      return performance.now() - started;
    };
    expect(() => inflateZip(bomb, () => true, limits)).toThrow(
      expect.objectContaining({ kind: 'bomb' }),
    );
    // The honest twin inflates all 64 MiB; the liar is stopped within its first 4 KiB pushed.
    const whole = timed(() => inflateZip(honest, () => true, limits));
    const stopped = timed(() => inflateZip(bomb, () => true, limits));
    expect(stopped).toBeLessThan(whole / 3);
    expect(inflateZip(honest, () => true, limits).get('model.obj')?.length).toBe(64 * 1024 ** 2);
    // An honest small entry still comes out whole.
    const small = zipSync({ 'a.obj': text('v 0 0 0\n'.repeat(1000)) });
    expect(extractZip(small, () => true).get('a.obj')?.length).toBe(8000);
  }, 30_000);

  it('ABORTED when the signal fires, progress reported per stage', async () => {
    const obj = text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
    const controller = new AbortController();
    controller.abort();
    expect(await failure(obj, 'a.obj', { signal: controller.signal })).toBe('ABORTED');

    const stages: ConversionStage[] = [];
    const late = new AbortController();
    const code = await failure(obj, 'a.obj', {
      signal: late.signal,
      onProgress: (stage: ConversionStage) => {
        if (!stages.includes(stage)) stages.push(stage);
        if (stage === 'write') late.abort();
      },
    });
    expect(code).toBe('ABORTED');
    expect(stages).toEqual(['detect', 'parse', 'optimize', 'write']);
  });
});

describe.skipIf(!HAVE_SAMPLES)('truncated and damaged samples', () => {
  it('a truncated IFC is MALFORMED_FILE', async () => {
    const bytes = sampleBytes('ifc/IfcOpenHouse_IFC4.ifc');
    expect(await failure(bytes.subarray(0, bytes.length / 2), 'half.ifc')).toBe('MALFORMED_FILE');
  });

  it('a truncated GLB or FBX is MALFORMED_FILE', async () => {
    const glb = sampleBytes('gltf/Duck.glb');
    expect(await failure(glb.subarray(0, 5000), 'cut.glb')).toBe('MALFORMED_FILE');
    const fbx = sampleBytes('fbx/spider.fbx');
    expect(await failure(fbx.subarray(0, 2000), 'cut.fbx')).toBe('MALFORMED_FILE');
  });

  it('a truncated ifczip is MALFORMED_FILE', async () => {
    const zip = sampleBytes('ifc/SmallModelIfc2x3.ifczip');
    expect(await failure(zip.subarray(0, zip.length - 100), 'cut.ifczip')).toBe('MALFORMED_FILE');
  });

  it('a zip holding an OBJ with its MTL converts like the loose files', async () => {
    const zip = zipSync({
      'cubes/hundred_cubes.obj': sampleBytes('obj/hundred_cubes.obj'),
      'cubes/hundred_cubes.mtl': sampleBytes('obj/hundred_cubes.mtl'),
    });
    const result = await convertModel({ bytes: zip, filename: 'cubes.zip' });
    expect(result.metadata.format).toBe('zip');
    expect(result.stats.materials).toBe(3);
    expect((await validateGlb(result.glb)).errors).toBe(0);
  });

  it('runConversionInWorker returns transferable buffers or a flat error', async () => {
    const ok = await runConversionInWorker({
      input: sample('stl/stl_binary.stl'),
      filename: 'stl_binary.stl',
    });
    if (!ok.ok) throw new Error(ok.message);
    if (ok.kind === 'sheets') throw new Error('an STL is a model, not a drawing');
    expect(transferList(ok)).toHaveLength(3);
    expect(decodeMetadata(new Uint8Array(ok.metadataGz)).stats.triangles).toBe(728);
    structuredClone(ok, { transfer: transferList(ok) });
    const bad = await runConversionInWorker({ input: new Uint8Array(0), filename: 'x.stl' });
    expect(bad).toEqual({ ok: false, code: 'EMPTY_FILE', message: expect.any(String) });
  });
});

describe.skipIf(!existsSync(ASSIMP_INVALID_DIR))("assimp's invalid test files", () => {
  const files = existsSync(ASSIMP_INVALID_DIR)
    ? readdirSync(ASSIMP_INVALID_DIR).filter((name) =>
        /\.(obj|off|ply|3ds|stl|fbx|dae)$/i.test(name),
      )
    : [];
  it.each(files)('%s fails with a typed error or converts to a valid .glb', async (name) => {
    const bytes = new Uint8Array(readFileSync(join(ASSIMP_INVALID_DIR, name)));
    try {
      const result = await convertModel({ bytes, filename: name });
      expect((await validateGlb(result.glb)).errors).toBe(0);
    } catch (error) {
      expect([
        'EMPTY_FILE',
        'MALFORMED_FILE',
        'NO_GEOMETRY',
        'UNSUPPORTED_FORMAT',
        'TOO_LARGE',
      ]).toContain((error as { code?: string }).code);
    }
  });
});
