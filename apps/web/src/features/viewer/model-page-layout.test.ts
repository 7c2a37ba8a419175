import { describe, expect, it } from 'vitest';
import { drawingViewArea, modelViewArea } from './model-page-layout';

describe('modelViewArea', () => {
  it('follows the model page: no panels on a phone, 256/288/320 px panels from md/xl/2xl', () => {
    expect(modelViewArea(390)).toEqual({ top: 48, panel: 0 });
    expect(modelViewArea(767)).toEqual({ top: 48, panel: 0 });
    expect(modelViewArea(768)).toEqual({ top: 48, panel: 256 });
    expect(modelViewArea(1279)).toEqual({ top: 48, panel: 256 });
    expect(modelViewArea(1280)).toEqual({ top: 48, panel: 288 });
    expect(modelViewArea(1536)).toEqual({ top: 48, panel: 320 });
  });
});

describe('drawingViewArea', () => {
  it('leaves room for the sheet list (256 px) and the issues panel where they fit beside it', () => {
    expect(drawingViewArea(390)).toEqual({ top: 48, left: 0, right: 0 });
    expect(drawingViewArea(768)).toEqual({ top: 48, left: 256, right: 256 });
    expect(drawingViewArea(1280)).toEqual({ top: 48, left: 256, right: 288 });
    expect(drawingViewArea(1536)).toEqual({ top: 48, left: 256, right: 320 });
  });
});
