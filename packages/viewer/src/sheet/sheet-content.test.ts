import type { SheetInfo, SheetText, VectorSheet } from '@truss/viewable';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PdfPage } from './pdf.ts';
import { loadSheetContent } from './sheet-content.ts';
import type { SheetSource } from './types.ts';

const { openSheetPage } = vi.hoisted(() => ({ openSheetPage: vi.fn() }));
vi.mock('./pdf.ts', () => ({ openSheetPage }));

const run = (text: string): SheetText => ({
  text,
  x: 0,
  y: 0,
  width: 1,
  height: 1,
  rotation: 0,
  layer: -1,
});

function sourceOf(content: 'vector' | 'pdf', extra: Partial<SheetSource> = {}): SheetSource {
  const info: SheetInfo = {
    id: 'p1',
    name: 'A-101',
    index: 0,
    kind: 'page',
    width: 420,
    height: 297,
    units: 'mm',
    layers: [],
    content,
  };
  return { info, contentUrl: `https://files/${content}`, ...extra };
}

const vectorSheet = { texts: [run('DOOR')] } as unknown as VectorSheet;
const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;
const fetchMock = vi.fn<typeof fetch>();
const options = {
  pdfWorkerSrc: '/pdf.worker.js',
  requestInit: { credentials: 'include' as const },
};
const fresh = () => false;

beforeEach(() => {
  fetchMock.mockReset();
  openSheetPage.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('loadSheetContent', () => {
  it('fetches a vector sheet with the viewer request options', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(vectorSheet)));
    const content = await loadSheetContent(sourceOf('vector'), options, fresh);
    expect(content).toEqual({ kind: 'vector', sheet: vectorSheet });
    expect(fetchMock).toHaveBeenCalledWith('https://files/vector', options.requestInit);
  });

  it('reads the bytes the page asked for already, and asks again when that request failed', async () => {
    const bytes = Promise.resolve(jsonBytes(vectorSheet));
    const read = await loadSheetContent(
      sourceOf('vector', { contentBytes: bytes }),
      options,
      fresh,
    );
    expect(read).toEqual({ kind: 'vector', sheet: vectorSheet });
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(new Response(JSON.stringify(vectorSheet)));
    const failed = Promise.reject(new Error('offline'));
    const asked = await loadSheetContent(
      sourceOf('vector', { contentBytes: failed }),
      options,
      fresh,
    );
    expect(asked).toEqual({ kind: 'vector', sheet: vectorSheet });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing once stale after the bytes, and drops a vector sheet that came late', async () => {
    const bytes = Promise.resolve(null);
    expect(
      await loadSheetContent(sourceOf('vector', { contentBytes: bytes }), options, () => true),
    ).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    let stale = false;
    fetchMock.mockImplementation(async () => {
      stale = true;
      return new Response(JSON.stringify(vectorSheet));
    });
    expect(await loadSheetContent(sourceOf('vector'), options, () => stale)).toBeNull();
  });

  it("opens a PDF page with the page's bytes and reads its text runs from pdf.js", async () => {
    const texts = vi.fn(async () => [run('ROOM')]);
    const page = { texts } as unknown as PdfPage;
    openSheetPage.mockResolvedValue(page);
    const data = new ArrayBuffer(4);
    const source = sourceOf('pdf', { contentBytes: Promise.resolve(data) });
    const content = await loadSheetContent(source, options, fresh);
    expect(openSheetPage).toHaveBeenCalledWith(source, options, data);
    expect(content?.kind).toBe('pdf');
    if (content?.kind !== 'pdf') return;
    expect(content.page).toBe(page);
    expect(await content.texts).toEqual([run('ROOM')]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads a PDF page's text runs from the converter's text file when there is one", async () => {
    const texts = vi.fn(async () => [run('pdf.js')]);
    openSheetPage.mockResolvedValue({ texts } as unknown as PdfPage);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ version: 1, texts: [run('file')] })));
    const source = sourceOf('pdf', { textUrl: 'https://files/text' });
    const content = await loadSheetContent(source, options, fresh);
    if (content?.kind !== 'pdf') throw new Error('expected a PDF page');
    expect(await content.texts).toEqual([run('file')]);
    expect(fetchMock).toHaveBeenCalledWith('https://files/text', options.requestInit);
    expect(texts).not.toHaveBeenCalled();
  });

  it('asks for no text when the load went stale while the PDF page opened', async () => {
    const texts = vi.fn(async () => [run('ROOM')]);
    let stale = false;
    openSheetPage.mockImplementation(async () => {
      stale = true;
      return { texts } as unknown as PdfPage;
    });
    const source = sourceOf('pdf', { textUrl: 'https://files/text' });
    expect(await loadSheetContent(source, options, () => stale)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(texts).not.toHaveBeenCalled();
  });

  it('rejects when the content cannot be read', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    await expect(loadSheetContent(sourceOf('vector'), options, fresh)).rejects.toThrow(
      'GET https://files/vector: 404',
    );
  });
});
