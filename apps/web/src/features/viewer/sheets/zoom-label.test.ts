import { describe, expect, it } from 'vitest';
import { zoomLabel } from './zoom-label';

describe('zoomLabel', () => {
  it('gives paper a percentage with at most two significant digits below 10 %', () => {
    expect(zoomLabel(800, 'page', 'en')).toEqual({ kind: 'percent', text: '800' });
    expect(zoomLabel(74.6, 'layout', 'en')).toEqual({ kind: 'percent', text: '75' });
    expect(zoomLabel(8.123, 'page', 'en')).toEqual({ kind: 'percent', text: '8.1' });
    expect(zoomLabel(1234.5, 'page', 'en').text).toBe('1,235');
  });

  it('gives model space and plans a scale, 1:N far out and N:1 close in', () => {
    // The model-space DWG's fit that used to read "0.0067 %".
    expect(zoomLabel(0.0067, 'model-space', 'en')).toEqual({ kind: 'scale', text: '1:15,000' });
    expect(zoomLabel(1, 'storey-plan', 'en').text).toBe('1:100');
    expect(zoomLabel(100, 'model-space', 'en').text).toBe('1:1');
    expect(zoomLabel(250, 'model-space', 'en').text).toBe('2.5:1');
    expect(zoomLabel(0.0067, 'model-space', 'zh-CN').text).toBe('1:15,000');
    expect(zoomLabel(0, 'model-space', 'en').text).toBe('–');
  });
});
