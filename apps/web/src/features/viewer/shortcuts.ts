import type { StandardView } from './engine';

/** What a key does in the viewer (the help overlay lists them in this order). */
export type ShortcutAction =
  | 'fit'
  | 'hide'
  | 'isolate'
  | 'showAll'
  | 'xray'
  | 'cancel'
  | `view:${StandardView}`
  | 'projection'
  | 'walk'
  | 'measure'
  | 'section'
  | 'boxSelect'
  | 'help';

export const STANDARD_VIEWS: readonly StandardView[] = [
  'top',
  'bottom',
  'front',
  'back',
  'left',
  'right',
  'iso',
];

/** The key caps shown for each action (tooltips and the help overlay). */
export const SHORTCUT_KEYS: Record<ShortcutAction, string> = {
  fit: 'F',
  hide: 'H',
  isolate: 'I',
  showAll: 'Shift+H',
  xray: 'X',
  cancel: 'Esc',
  'view:top': '1',
  'view:bottom': '2',
  'view:front': '3',
  'view:back': '4',
  'view:left': '5',
  'view:right': '6',
  'view:iso': '7',
  projection: 'P',
  walk: 'W',
  measure: 'M',
  section: 'S',
  boxSelect: 'B',
  help: '?',
};

export interface KeyLike {
  key: string;
  /** Physical key ("KeyW"); walk mode moves with these whatever the layout. */
  code?: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The keys the engine's walk mode moves with (WASD, QE, arrows): not shortcuts while walking. */
const WALK_CODES = new Set(['KeyW', 'KeyA', 'KeyS', 'KeyD', 'KeyQ', 'KeyE']);

/**
 * The action for a key press, or null. Keys with Ctrl/Cmd/Alt are left to the browser (copy,
 * reload, ...); Delete is the engine's (it removes the selected measurement); while walking, the
 * movement keys are the engine's too (Esc leaves walk mode).
 */
export function shortcutFor(event: KeyLike, walking = false): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (walking && (WALK_CODES.has(event.code ?? '') || event.key.startsWith('Arrow'))) return null;
  if (event.key === '?') return 'help';
  if (event.key === 'Escape') return 'cancel';
  if (/^[1-7]$/.test(event.key)) return `view:${STANDARD_VIEWS[Number(event.key) - 1]!}`;
  const key = event.key.toLowerCase();
  if (event.shiftKey) return key === 'h' ? 'showAll' : null;
  const plain: Record<string, ShortcutAction> = {
    f: 'fit',
    h: 'hide',
    i: 'isolate',
    x: 'xray',
    p: 'projection',
    w: 'walk',
    m: 'measure',
    s: 'section',
    b: 'boxSelect',
  };
  return plain[key] ?? null;
}

/** True while the user types (inputs, text areas, editable content, open menus' search boxes). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || !(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(type);
}
