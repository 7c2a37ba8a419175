import { describe, expect, it } from 'vitest';
import { posterFileName, posterSvg } from './poster';

describe('share QR poster', () => {
  it('names the model and project, holds the QR code, the caption and the link', async () => {
    const svg = await posterSvg({
      url: 'https://truss.example/share/AbC123',
      model: '办公楼 A <v2>.ifc',
      project: 'Tower & Podium',
      caption: '扫码查看三维模型',
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const texts = Array.from(doc.querySelectorAll('text'), (node) => node.textContent);
    expect(texts).toEqual([
      '办公楼 A <v2>.ifc',
      'Tower & Podium',
      '扫码查看三维模型',
      'https://truss.example/share/AbC123',
      'Truss',
    ]);
    // The QR code is a nested SVG of dark modules (the `qrcode` library's output).
    const qr = doc.querySelector('svg > svg');
    expect(qr?.getAttribute('width')).toBe('420');
    expect(qr?.querySelector('path[stroke]')?.getAttribute('d')?.length).toBeGreaterThan(100);
  });

  it('clips long names by character, never inside a CJK character', async () => {
    const svg = await posterSvg({
      url: 'https://t/s/x',
      model: '很'.repeat(50),
      project: 'p',
      caption: 'c',
    });
    const first = new DOMParser()
      .parseFromString(svg, 'image/svg+xml')
      .querySelector('text')?.textContent;
    expect(first).toBe(`${'很'.repeat(31)}…`);
  });

  it('file names drop the extension and characters no file system takes', () => {
    expect(posterFileName('Tower A.ifc')).toBe('Tower A-qr');
    expect(posterFileName('a/b:c.glb')).toBe('a_b_c-qr');
    expect(posterFileName('.ifc')).toBe('share-qr');
  });
});
