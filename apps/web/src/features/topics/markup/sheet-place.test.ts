import { describe, expect, it } from 'vitest';
import type { Topic } from '@truss/contracts';
import { topicSheetPlace } from './sheet-place';

const red = { color: '#e11d48', lineWidth: 1 };

describe("a topic's place on a sheet", () => {
  it('boxes the pin and the markup on the sheet, text hanging below its corner', () => {
    const topic: Pick<Topic, 'pin' | 'markup' | 'sheet_id'> = {
      sheet_id: 'p2',
      pin: { sheetId: 'p2', x: 50, y: 60 },
      markup: {
        sheet_id: 'p2',
        aspect: null,
        shapes: [
          { type: 'cloud', from: [100, 80], to: [140, 120], ...red },
          { type: 'text', at: [30, 200], text: 'Leak\nhere', size: 5, ...red },
        ],
      },
    };
    expect(topicSheetPlace(topic)).toEqual({ sheetId: 'p2', bounds: [30, 60, 140, 200] });
    // The text's two lines drop 12 units below its corner.
    const textOnly = {
      ...topic,
      pin: null,
      markup: { ...topic.markup!, shapes: [topic.markup!.shapes[1]!] },
    };
    expect(topicSheetPlace(textOnly)?.bounds).toEqual([30, 188, 30, 200]);
  });

  it('is nothing for a 3D topic, and the pin alone without markup', () => {
    expect(topicSheetPlace({ sheet_id: null, pin: null, markup: null })).toBeNull();
    expect(
      topicSheetPlace({ sheet_id: 'p1', pin: { sheetId: 'p1', x: 5, y: 7 }, markup: null }),
    ).toEqual({ sheetId: 'p1', bounds: [5, 7, 5, 7] });
  });
});
