import { useSyncExternalStore } from 'react';
import type { MarkupInput, MarkupShape, SheetPin, TopicMarkup } from '@truss/contracts';
import { MarkupEditor, type MarkupTool } from '@truss/viewer/markup';

/** Where markup is drawn: over the 3D view, or on one sheet. */
export type MarkupTarget = { kind: 'view' } | { kind: 'sheet'; sheetId: string };

export const MARKUP_COLORS = ['#e11d48', '#f59e0b', '#16a34a', '#2563eb', '#111827'] as const;
/** Line widths offered, in screen pixels (stored in the markup's own units). */
export const MARKUP_WIDTHS = [2, 4, 8] as const;

export interface SheetPinMarker {
  topicId: string;
  number: number;
  sheetId: string;
  x: number;
  y: number;
  color: string;
}

export interface MarkupState {
  /** Drawing now (the toolbar is out), on this target; null: not drawing. */
  editing: MarkupTarget | null;
  /** The topic whose markup is edited (null: a new topic's). */
  topicId: string | null;
  tool: MarkupTool;
  color: string;
  width: number;
  /** The opened topic's markup, shown over its view while it is open and not being edited. */
  shown: TopicMarkup | null;
  /** The next click on a sheet places a new topic's pin. */
  pinning: boolean;
  /** A pin placed on a sheet, waiting for the new topic's form. */
  sheetPin: SheetPin | null;
  /** Topics pinned on sheets, as the sheet view marks them. */
  pins: SheetPinMarker[];
  /** A pin was clicked: the panel opens that topic. */
  openTopicId: string | null;
  /**
   * Drawing on the 3D view: width / height of the view the markup is drawn on (its frame on any
   * screen); null until the first shape of a new markup, or for one saved before it was kept.
   */
  aspect: number | null;
  /** Bumped on every change of the editor's shapes (for React). */
  revision: number;
}

export const sameTarget = (a: MarkupTarget | null, b: MarkupTarget | null): boolean =>
  !!a &&
  !!b &&
  a.kind === b.kind &&
  (a.kind === 'view' || a.sheetId === (b as { sheetId: string }).sheetId);

export const markupTarget = (markup: Pick<TopicMarkup, 'sheet_id'>): MarkupTarget =>
  markup.sheet_id === null ? { kind: 'view' } : { kind: 'sheet', sheetId: markup.sheet_id };

/**
 * The page's markup: what the layers over the 3D view and the sheet draw, what the toolbar
 * edits, and what a new or edited topic saves. One per page (a page shows one workspace).
 */
export class MarkupStore {
  readonly editor = new MarkupEditor();
  #state: MarkupState = {
    editing: null,
    topicId: null,
    tool: 'cloud',
    color: MARKUP_COLORS[0],
    width: MARKUP_WIDTHS[1],
    shown: null,
    pinning: false,
    sheetPin: null,
    pins: [],
    openTopicId: null,
    aspect: null,
    revision: 0,
  };
  readonly #listeners = new Set<() => void>();

  constructor() {
    this.editor.onChange(() => this.set({ revision: this.#state.revision + 1 }));
  }

  get = (): MarkupState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  set(patch: Partial<MarkupState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  /**
   * Starts drawing on `target`, from `shapes` (a topic's markup being edited, drawn at `aspect`)
   * or from nothing.
   */
  start(
    target: MarkupTarget,
    shapes: readonly MarkupShape[] = [],
    topicId: string | null = null,
    aspect: number | null = null,
  ) {
    this.editor.reset(shapes);
    this.set({ editing: target, topicId, pinning: false, aspect });
  }

  /**
   * The first shape of a 3D markup fixes its frame: the aspect of the view it is drawn on (a
   * markup already holding shapes keeps its own, even none: then it fills the view as before).
   */
  fixAspect(width: number, height: number): void {
    const { editing, aspect } = this.#state;
    if (editing?.kind !== 'view' || aspect !== null || this.editor.shapes.length > 0) return;
    if (width > 0 && height > 0) this.set({ aspect: width / height });
  }

  /** Stops drawing; the shapes are dropped (saved ones live in their topic). */
  stop(): void {
    this.editor.reset([]);
    this.set({ editing: null, topicId: null, aspect: null });
  }

  /** The markup drawn for a new topic on `target`, as a create body takes it (null: none). */
  drawnFor(target: MarkupTarget): MarkupInput | null {
    const { editing, topicId } = this.#state;
    if (topicId || !sameTarget(editing, target) || this.editor.shapes.length === 0) return null;
    return this.#drawn(target);
  }

  /** The shapes being drawn on `target` as a body takes them (with a 3D markup's aspect). */
  #drawn(target: MarkupTarget): MarkupInput {
    const { aspect } = this.#state;
    return {
      sheetId: target.kind === 'sheet' ? target.sheetId : null,
      shapes: this.editor.shapes.slice() as MarkupShape[],
      ...(target.kind === 'view' && aspect !== null ? { aspect } : {}),
    };
  }

  /** The edited markup to save (null: every shape removed). */
  edited(target: MarkupTarget): MarkupInput | null {
    return this.editor.shapes.length ? this.#drawn(target) : null;
  }
}

export const markupStore = new MarkupStore();

export function useMarkupState(): MarkupState {
  return useSyncExternalStore(markupStore.subscribe, markupStore.get);
}
