import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample } from './testing/samples.ts';

const bin = fileURLToPath(new URL('../bin/truss-convert.js', import.meta.url));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

// Each case starts a Node process (and the first may build dist/): seconds on a busy CI box.
describe('truss-convert (the command for scripted pipelines)', { timeout: 60_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'truss-cli-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes model.glb, metadata.json and thumbnail.png and prints a one-line summary', async () => {
    const out = join(dir, 'stl');
    const result = await run([sample('stl/stl_binary.stl'), out]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toMatch(/1 elements, 728 triangles, .* \d+\.\d\d s$/m);
    const glb = readFileSync(join(out, 'model.glb'));
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    const metadata = JSON.parse(readFileSync(join(out, 'metadata.json'), 'utf8'));
    expect(metadata).toMatchObject({ format: 'stl', stats: { triangles: 728 } });
    expect(readFileSync(join(out, 'thumbnail.png')).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('runs as built JavaScript (dist/, no tsx) and converts an IFC through web-ifc', async () => {
    const out = join(dir, 'ifc');
    const result = await run([sample('ifc/IfcOpenHouse_IFC4.ifc'), out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^IfcOpenHouse_IFC4\.ifc: ifc, \d+ elements/);
    const metadata = JSON.parse(readFileSync(join(out, 'metadata.json'), 'utf8'));
    expect(metadata.format).toBe('ifc');
    expect(metadata.elements.count).toBeGreaterThan(10);
    const built = readFileSync(new URL('../dist/truss-convert.js', import.meta.url), 'utf8');
    expect(built).not.toMatch(/from\s*["']tsx|import\(\s*["']tsx/);
    expect(readFileSync(bin, 'utf8')).not.toContain('tsx');
  });

  it('exits non-zero with the reason when the file is no model, and 2 on a usage error', async () => {
    const notes = join(dir, 'notes.ifc');
    await writeFile(notes, 'meeting notes, not a building\n'.repeat(20));
    const out = join(dir, 'notes');
    const refused = await run([notes, out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('truss-convert: UNSUPPORTED_FORMAT:');
    expect(existsSync(join(out, 'model.glb'))).toBe(false);
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: truss-convert <input-file> <output-dir>');
  });
});
