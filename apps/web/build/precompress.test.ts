// @vitest-environment node
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompressFolder', () => {
  it('writes .br and .gz beside text assets that decode to the same bytes', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'truss-precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const js = Buffer.from('export const a = "truss";\n'.repeat(200));
    await writeFile(path.join(dir, 'assets', 'app-1.js'), js);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>Truss</p>'.repeat(200)}`);
    const written = await precompressFolder(dir);

    expect(written.map((f) => f.file).sort()).toEqual([
      path.join('assets', 'app-1.js'),
      'index.html',
    ]);
    const br = await readFile(path.join(dir, 'assets', 'app-1.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'app-1.js.gz'));
    expect(brotliDecompressSync(br).equals(js)).toBe(true);
    expect(gunzipSync(gz).equals(js)).toBe(true);
    expect(br.length).toBeLessThan(js.length / 10);
  });

  it('leaves small files, images and incompressible bytes alone', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'truss-precompress-'));
    await writeFile(path.join(dir, 'tiny.js'), 'export {};');
    await writeFile(path.join(dir, 'logo.png'), Buffer.alloc(4096, 1));
    // Random bytes do not shrink: no copy that would be larger than the file.
    const noise = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));
    await writeFile(path.join(dir, 'noise.wasm'), noise);
    await precompressFolder(dir);

    expect(existsSync(path.join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'noise.wasm.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'noise.wasm.gz'))).toBe(false);
  });
});
