import { describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutFor, SHORTCUT_KEYS, type KeyLike } from './shortcuts';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('viewer shortcuts', () => {
  it.each([
    ['f', 'fit'],
    ['F', 'fit'],
    ['h', 'hide'],
    ['i', 'isolate'],
    ['x', 'xray'],
    ['Escape', 'cancel'],
    ['1', 'view:top'],
    ['2', 'view:bottom'],
    ['3', 'view:front'],
    ['4', 'view:back'],
    ['5', 'view:left'],
    ['6', 'view:right'],
    ['7', 'view:iso'],
    ['p', 'projection'],
    ['w', 'walk'],
    ['m', 'measure'],
    ['s', 'section'],
    ['b', 'boxSelect'],
  ])('%s -> %s', (k, action) => {
    expect(shortcutFor(key(k))).toBe(action);
  });

  it('Shift+H shows all; ? opens the help; other shifted keys do nothing', () => {
    expect(shortcutFor(key('H', { shiftKey: true }))).toBe('showAll');
    expect(shortcutFor(key('?', { shiftKey: true }))).toBe('help');
    expect(shortcutFor(key('F', { shiftKey: true }))).toBeNull();
  });

  it('leaves browser shortcuts, Delete and unknown keys alone', () => {
    expect(shortcutFor(key('f', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('h', { metaKey: true }))).toBeNull();
    expect(shortcutFor(key('1', { altKey: true }))).toBeNull();
    expect(shortcutFor(key('Delete'))).toBeNull();
    expect(shortcutFor(key('8'))).toBeNull();
    expect(shortcutFor(key('q'))).toBeNull();
  });

  it('while walking, the movement keys belong to the engine', () => {
    expect(shortcutFor(key('w', { code: 'KeyW' }), true)).toBeNull();
    expect(shortcutFor(key('s', { code: 'KeyS' }), true)).toBeNull();
    expect(shortcutFor(key('ArrowUp', { code: 'ArrowUp' }), true)).toBeNull();
    expect(shortcutFor(key('Escape', { code: 'Escape' }), true)).toBe('cancel');
    expect(shortcutFor(key('f', { code: 'KeyF' }), true)).toBe('fit');
    expect(shortcutFor(key('s', { code: 'KeyS' }), false)).toBe('section');
  });

  it('shows a key cap for every action', () => {
    expect(SHORTCUT_KEYS.showAll).toBe('Shift+H');
    expect(SHORTCUT_KEYS['view:iso']).toBe('7');
  });

  it('does not steal keys while typing', () => {
    const input = document.createElement('input');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    const area = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(area)).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    // happy-dom may not compute isContentEditable; the attribute is what the browser reads.
    expect(isTypingTarget(editable)).toBe(editable.isContentEditable);
  });
});
