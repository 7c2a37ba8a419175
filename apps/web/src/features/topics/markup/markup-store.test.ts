import { describe, expect, it } from 'vitest';
import type { MarkupShape } from '@truss/contracts';
import { MarkupStore, sameTarget } from './markup-store';

const style = { color: '#e11d48', lineWidth: 0.004, textSize: 0.03, minStep: 0.001 };

describe('markup store', () => {
  it('hands a new topic the markup drawn on its own target only', () => {
    const store = new MarkupStore();
    store.start({ kind: 'sheet', sheetId: 'p1' });
    store.editor.addText([10, 20], 'Leak', style);
    expect(store.drawnFor({ kind: 'view' })).toBeNull();
    expect(store.drawnFor({ kind: 'sheet', sheetId: 'p2' })).toBeNull();
    expect(store.drawnFor({ kind: 'sheet', sheetId: 'p1' })).toEqual({
      sheetId: 'p1',
      shapes: [expect.objectContaining({ type: 'text', text: 'Leak', at: [10, 20] })],
    });
    store.stop();
    expect(store.drawnFor({ kind: 'sheet', sheetId: 'p1' })).toBeNull();
    expect(store.get().editing).toBeNull();
  });

  it("keeps an edited topic's shapes out of new topics, and counts changes", () => {
    const store = new MarkupStore();
    let seen = 0;
    store.subscribe(() => seen++);
    store.start(
      { kind: 'view' },
      [{ type: 'rectangle', from: [0, 0], to: [1, 1], ...{ color: '#000000', lineWidth: 0.01 } }],
      'topic-1',
    );
    expect(store.editor.shapes).toHaveLength(1);
    expect(store.drawnFor({ kind: 'view' })).toBeNull();
    const before = store.get().revision;
    store.editor.undo(); // nothing to undo: a reset starts the history again
    expect(store.get().revision).toBe(before);
    store.editor.clear();
    expect(store.get().revision).toBe(before + 1);
    expect(seen).toBeGreaterThan(1);
  });

  it('fixes a new 3D markup to the aspect of the view its first shape is drawn on', () => {
    const store = new MarkupStore();
    store.start({ kind: 'view' });
    store.fixAspect(1280, 800);
    store.editor.addText([0.1, 0.2], 'Crack', style);
    store.fixAspect(390, 844); // later shapes keep the frame
    expect(store.drawnFor({ kind: 'view' })).toEqual({
      sheetId: null,
      shapes: [expect.objectContaining({ type: 'text' })],
      aspect: 1.6,
    });
    store.stop();
    // An edited topic's markup keeps its own aspect; one saved without stays without.
    const shape: MarkupShape = {
      type: 'rectangle',
      from: [0, 0],
      to: [1, 1],
      color: '#000000',
      lineWidth: 0.01,
    };
    store.start({ kind: 'view' }, [shape], 'topic-1', 2);
    store.fixAspect(390, 844);
    expect(store.edited({ kind: 'view' })).toMatchObject({ aspect: 2 });
    store.start({ kind: 'view' }, [shape], 'topic-2', null);
    store.fixAspect(390, 844);
    expect(store.edited({ kind: 'view' })).not.toHaveProperty('aspect');
    // A sheet's markup has none.
    store.start({ kind: 'sheet', sheetId: 'p1' });
    store.fixAspect(1280, 800);
    store.editor.addText([10, 20], 'Leak', style);
    expect(store.drawnFor({ kind: 'sheet', sheetId: 'p1' })).not.toHaveProperty('aspect');
    store.editor.clear();
    expect(store.edited({ kind: 'sheet', sheetId: 'p1' })).toBeNull();
  });

  it('compares targets', () => {
    expect(sameTarget({ kind: 'view' }, { kind: 'view' })).toBe(true);
    expect(sameTarget({ kind: 'sheet', sheetId: 'a' }, { kind: 'sheet', sheetId: 'a' })).toBe(true);
    expect(sameTarget({ kind: 'sheet', sheetId: 'a' }, { kind: 'sheet', sheetId: 'b' })).toBe(
      false,
    );
    expect(sameTarget({ kind: 'view' }, null)).toBe(false);
  });
});
