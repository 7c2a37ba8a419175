import { describe, expect, it } from 'vitest';
import { MARKUP_SHAPES_MAX, MARKUP_STROKE_POINTS_MAX, markupSchema } from './markup.ts';
import { isSheetPin } from './topic-rules.ts';
import { createTopicBodySchema, updateTopicBodySchema } from './topics.ts';

const red = { color: '#e11d48', lineWidth: 2 };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('topic pins and markup', () => {
  it('keeps 3D pin bodies valid and takes sheet pins beside them', () => {
    const model = { position: { x: 1, y: 2, z: 3 }, elementId: 7, globalId: 'g' };
    const parsed = createTopicBodySchema.parse({ kind: 'issue', title: 'a', pin: model });
    expect(parsed.pin).toEqual(model);
    expect(isSheetPin(parsed.pin)).toBe(false);
    const sheet = updateTopicBodySchema.parse({ pin: { sheetId: 'p1', x: 10, y: -4.5 } });
    expect(sheet.pin).toEqual({ sheetId: 'p1', x: 10, y: -4.5 });
    expect(isSheetPin(sheet.pin)).toBe(true);
    expect(updateTopicBodySchema.safeParse({ pin: { sheetId: 'p1', x: 'a', y: 0 } }).success).toBe(
      false,
    );
    expect(updateTopicBodySchema.safeParse({ pin: { sheetId: '../x', x: 0, y: 0 } }).success).toBe(
      false,
    );
  });

  it('takes every shape type', () => {
    const shapes = [
      { type: 'arrow', from: [0, 0], to: [1, 1], ...red },
      { type: 'cloud', from: [0, 0], to: [1, 1], ...red },
      { type: 'rectangle', from: [0, 0], to: [1, 1], ...red },
      { type: 'ellipse', from: [0, 0], to: [1, 1], ...red },
      { type: 'text', at: [0.5, 0.5], text: '漏水', size: 0.03, ...red },
      {
        type: 'freehand',
        points: [
          [0, 0],
          [0.1, 0.2],
          [0.3, 0.1],
        ],
        ...red,
      },
    ];
    expect(markupSchema.parse({ shapes }).shapes).toHaveLength(6);
    expect(
      markupSchema.safeParse({ shapes: [{ type: 'star', from: [0, 0], to: [1, 1], ...red }] })
        .success,
    ).toBe(false);
    expect(markupSchema.safeParse({ shapes: [{ ...shapes[0], color: 'red' }] }).success).toBe(
      false,
    );
  });

  it('refuses too many shapes, points and too long a text with their own keys', () => {
    const box = { type: 'rectangle', from: [0, 0], to: [1, 1], ...red };
    expect(
      firstMessage(markupSchema.safeParse({ shapes: Array(MARKUP_SHAPES_MAX + 1).fill(box) })),
    ).toBe('validation.markupTooManyShapes');
    const points = Array.from({ length: MARKUP_STROKE_POINTS_MAX + 1 }, (_, i) => [i, i]);
    expect(
      firstMessage(markupSchema.safeParse({ shapes: [{ type: 'freehand', points, ...red }] })),
    ).toBe('validation.markupTooManyPoints');
    const stroke = { type: 'freehand', points: points.slice(0, 1_500), ...red };
    expect(firstMessage(markupSchema.safeParse({ shapes: Array(14).fill(stroke) }))).toBe(
      'validation.markupTooManyPoints',
    );
    const text = { type: 'text', at: [0, 0], text: 'x'.repeat(501), size: 1, ...red };
    expect(firstMessage(markupSchema.safeParse({ shapes: [text] }))).toBe(
      'validation.markupTextTooLong',
    );
  });
});
