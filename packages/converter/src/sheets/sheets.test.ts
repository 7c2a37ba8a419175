import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SHEET_FILES, type SheetIndex, type VectorSheet } from '@truss/viewable';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../formats.ts';
import { DRAWINGS_DIR, drawing, HAVE_DRAWINGS } from '../testing/samples.ts';
import { runConversionInWorker, transferList } from '../worker.ts';
import { entityCounts } from './drawing.ts';
import { readDwg } from './dwg.ts';
import { readDxf } from './dxf.ts';
import { convertDrawingFile } from './index.ts';
import { dxfWithNoEntities, pdfWithNoPages } from './testing.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : /\.(pdf|dxf|dwg)$/i.test(entry.name)
        ? [relative(DRAWINGS_DIR, join(dir, entry.name))]
        : [],
  );
}

const decoder = new TextDecoder();
const parse = <T>(bytes: Uint8Array): T => JSON.parse(decoder.decode(bytes)) as T;

describe.skipIf(!HAVE_DRAWINGS)('every shared drawing converts into sheets', () => {
  const all = HAVE_DRAWINGS ? files(DRAWINGS_DIR) : [];

  it('finds the PDF, DXF and DWG files of the manifest', () => {
    expect(all.filter((f) => f.endsWith('.pdf')).length).toBeGreaterThanOrEqual(1);
    expect(all.filter((f) => f.endsWith('.dxf')).length).toBeGreaterThanOrEqual(5);
    expect(all.filter((f) => f.endsWith('.dwg')).length).toBeGreaterThanOrEqual(4);
  });

  it.each(all)('%s', { timeout: 120_000 }, async (path) => {
    const bytes = new Uint8Array(readFileSync(drawing(path)));
    const format = detectFormat(bytes, 'renamed.bin');
    expect(format).toBe(path.slice(-3).toLowerCase());
    const result = await convertDrawingFile({ bytes, format });
    const stored = new Map(result.files.map((file) => [file.name, file]));
    const index = parse<SheetIndex>(stored.get(SHEET_FILES.index.name)!.bytes);
    expect(index.source).toBe(format);
    expect(index.sheets.length).toBeGreaterThan(0);
    for (const sheet of index.sheets) {
      expect(sheet.width).toBeGreaterThan(0);
      expect(sheet.height).toBeGreaterThan(0);
      const preview = PNG.sync.read(
        Buffer.from(stored.get(SHEET_FILES.preview(sheet.id).name)!.bytes),
      );
      expect(Math.max(preview.width, preview.height)).toBe(1024);
      // Not a blank sheet: some pixels are far from white.
      let inked = 0;
      for (let i = 0; i < preview.data.length; i += 4) {
        if (preview.data[i]! + preview.data[i + 1]! + preview.data[i + 2]! < 600) inked++;
      }
      expect(inked).toBeGreaterThan(50);
      if (sheet.content === 'vector') {
        const vector = parse<VectorSheet>(stored.get(SHEET_FILES.vector(sheet.id).name)!.bytes);
        expect(vector.paths.length + vector.texts.length).toBeGreaterThan(0);
        for (const path of vector.paths) {
          expect(path.layer).toBeLessThan(sheet.layers.length);
          expect(path.points.every(Number.isFinite)).toBe(true);
        }
      } else {
        expect(sheet.pdfPage).toBe(sheet.index + 1);
        expect(stored.get(SHEET_FILES.pdf.name)!.bytes).toEqual(bytes);
        expect(stored.has(SHEET_FILES.pdfText(sheet.id).name)).toBe(true);
      }
    }
    expect(PNG.sync.read(Buffer.from(result.thumbnailPng)).width).toBeGreaterThan(0);
  });

  it('reads the PDF sheet set: three pages in millimetres with their text', async () => {
    const bytes = new Uint8Array(readFileSync(drawing('pdf/sheet-set-a3.pdf')));
    const result = await convertDrawingFile({ bytes, format: 'pdf' });
    expect(result.index.sheets.map((sheet) => [sheet.id, sheet.kind, sheet.units])).toEqual([
      ['p1', 'page', 'mm'],
      ['p2', 'page', 'mm'],
      ['p3', 'page', 'mm'],
    ]);
    // 457.93 x 345.6 pt (its MediaBox) in mm.
    expect(result.index.sheets[0]!.width).toBeCloseTo(161.547, 2);
    expect(result.index.sheets[0]!.height).toBeCloseTo(121.92, 2);
    const text = parse<{ texts: { text: string }[] }>(
      result.files.find((file) => file.name === SHEET_FILES.pdfText('p3').name)!.bytes,
    );
    expect(text.texts.map((t) => t.text).join(' ')).toContain('text.dxf');
  });

  it('example_2018.dwg and example_2018.dxf give the same entity counts per type and layer', async () => {
    const fromDwg = await readDwg(new Uint8Array(readFileSync(drawing('dwg/example_2018.dwg'))));
    const fromDxf = readDxf(readFileSync(drawing('dxf/example_2018.dxf'), 'utf8'));
    const dwgCounts = entityCounts(fromDwg);
    expect(entityCounts(fromDxf)).toEqual(dwgCounts);
    expect(Object.keys(dwgCounts).sort()).toEqual(
      expect.arrayContaining([
        'ARC',
        'HATCH',
        'INSERT',
        'LINE',
        'LWPOLYLINE',
        'MTEXT',
        'SPLINE',
        'TEXT',
      ]),
    );
    expect(dwgCounts.INSERT).toEqual({ 'Tavolo 3': 10 });
    expect(fromDwg.layers.map((l) => [l.name, l.color])).toEqual(
      fromDxf.layers.map((l) => [l.name, l.color]),
    );
    expect(fromDwg.insUnits).toBe(fromDxf.insUnits);
  });

  it('a DWG cut short fails as DRAWING_DAMAGED, not a blank sheet', async () => {
    const whole = new Uint8Array(readFileSync(drawing('dwg/example_2018.dwg')));
    for (const length of [4096, Math.floor(whole.length / 2)]) {
      const cut = whole.slice(0, length);
      expect(detectFormat(cut)).toBe('dwg');
      await expect(convertDrawingFile({ bytes: cut, format: 'dwg' })).rejects.toMatchObject({
        code: 'DRAWING_DAMAGED',
      });
    }
  });

  it('the worker entry sends a drawing to the sheet converter', async () => {
    const response = await runConversionInWorker({
      input: drawing('dwg/sample_2018.dwg'),
      filename: 'sample.dwg',
    });
    if (!response.ok || response.kind !== 'sheets') throw new Error('expected sheets');
    expect(response.format).toBe('dwg');
    expect(response.files.map((file) => file.name)).toEqual([
      'sheets.json',
      'sheet-l0.json',
      'sheet-l0.png',
    ]);
    structuredClone(response, { transfer: transferList(response) });
  });
});

describe('drawings with nothing to show fail with their codes', () => {
  it('a PDF with no pages: NO_PAGES', async () => {
    const bytes = pdfWithNoPages();
    expect(detectFormat(bytes)).toBe('pdf');
    await expect(convertDrawingFile({ bytes, format: 'pdf' })).rejects.toMatchObject({
      code: 'NO_PAGES',
    });
  });

  it('a DXF with no entities: NO_ENTITIES', async () => {
    const bytes = dxfWithNoEntities();
    expect(detectFormat(bytes)).toBe('dxf');
    await expect(convertDrawingFile({ bytes, format: 'dxf' })).rejects.toMatchObject({
      code: 'NO_ENTITIES',
    });
  });

  it('the worker flattens the code for the server', async () => {
    const response = await runConversionInWorker({ input: pdfWithNoPages(), filename: 'x.pdf' });
    expect(response).toEqual({ ok: false, code: 'NO_PAGES', message: expect.any(String) });
  });
});
