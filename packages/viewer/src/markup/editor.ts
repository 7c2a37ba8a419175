/**
 * The markup editor's state, with no DOM: the shapes drawn so far, the one being drawn, and
 * undo/redo. The web's markup layer feeds it pointer positions already in the markup's space
 * (sheet units, or 0..1 of the 3D view) and draws `shapes` plus `draft` with `drawMarkup`.
 */
import type { MarkupPoint, MarkupShapeLike } from '@truss/viewable';

export type MarkupTool = 'arrow' | 'cloud' | 'rectangle' | 'ellipse' | 'text' | 'freehand';
export const MARKUP_TOOLS: readonly MarkupTool[] = [
  'arrow',
  'cloud',
  'rectangle',
  'ellipse',
  'text',
  'freehand',
];

/** Colour and sizes in the markup's space (the layer converts from screen pixels). */
export interface MarkupStyle {
  color: string;
  lineWidth: number;
  /** Height of a line of text. */
  textSize: number;
  /**
   * Shortest step a freehand stroke records, and the smallest box a two-point shape keeps
   * (shorter drags are clicks, not shapes).
   */
  minStep: number;
}

/** Contracts' MARKUP_STROKE_POINTS_MAX and MARKUP_SHAPES_MAX (the server refuses more). */
export const STROKE_POINTS_MAX = 2_000;
export const SHAPES_MAX = 200;
const HISTORY_MAX = 100;

type TwoPointTool = Exclude<MarkupTool, 'text' | 'freehand'>;

export class MarkupEditor {
  #shapes: MarkupShapeLike[];
  #undo: MarkupShapeLike[][] = [];
  #redo: MarkupShapeLike[][] = [];
  #draft: MarkupShapeLike | null = null;
  #style: MarkupStyle | null = null;
  readonly #listeners = new Set<() => void>();

  constructor(shapes: readonly MarkupShapeLike[] = []) {
    this.#shapes = shapes.slice();
  }

  get shapes(): readonly MarkupShapeLike[] {
    return this.#shapes;
  }
  /** The shape under the pointer, not yet committed. */
  get draft(): MarkupShapeLike | null {
    return this.#draft;
  }
  get canUndo(): boolean {
    return this.#undo.length > 0;
  }
  get canRedo(): boolean {
    return this.#redo.length > 0;
  }
  get full(): boolean {
    return this.#shapes.length >= SHAPES_MAX;
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  #commit(next: MarkupShapeLike[]): void {
    this.#undo.push(this.#shapes);
    if (this.#undo.length > HISTORY_MAX) this.#undo.shift();
    this.#redo = [];
    this.#shapes = next;
  }

  /** Starts a drag of a two-point shape or a freehand stroke at `point`. */
  begin(tool: Exclude<MarkupTool, 'text'>, point: MarkupPoint, style: MarkupStyle): void {
    if (this.full) return;
    this.#style = style;
    const stroke = { color: style.color, lineWidth: style.lineWidth };
    this.#draft =
      tool === 'freehand'
        ? { type: 'freehand', points: [point], ...stroke }
        : { type: tool as TwoPointTool, from: point, to: point, ...stroke };
    this.#changed();
  }

  move(point: MarkupPoint): void {
    const draft = this.#draft;
    const style = this.#style;
    if (!draft || !style) return;
    if (draft.type === 'freehand') {
      const last = draft.points[draft.points.length - 1]!;
      if (Math.hypot(point[0] - last[0], point[1] - last[1]) < style.minStep) return;
      let points = [...draft.points, point];
      // A very long stroke keeps every other point rather than stopping short.
      if (points.length > STROKE_POINTS_MAX)
        points = points.filter((_, i) => i % 2 === 0 || i === points.length - 1);
      this.#draft = { ...draft, points };
    } else if (draft.type !== 'text') {
      this.#draft = { ...draft, to: point };
    }
    this.#changed();
  }

  /** Ends the drag: the shape joins the markup unless it is too small to be meant. */
  end(): MarkupShapeLike | null {
    const draft = this.#draft;
    const style = this.#style;
    this.#draft = null;
    this.#style = null;
    let kept: MarkupShapeLike | null = null;
    if (draft && style) {
      if (draft.type === 'freehand') {
        if (draft.points.length >= 2) kept = draft;
      } else if (draft.type !== 'text') {
        const size = Math.hypot(draft.to[0] - draft.from[0], draft.to[1] - draft.from[1]);
        if (size >= style.minStep) kept = draft;
      }
    }
    if (kept) this.#commit([...this.#shapes, kept]);
    this.#changed();
    return kept;
  }

  cancel(): void {
    this.#draft = null;
    this.#style = null;
    this.#changed();
  }

  addText(at: MarkupPoint, text: string, style: MarkupStyle): MarkupShapeLike | null {
    const trimmed = text.trim();
    if (!trimmed || this.full) return null;
    const shape: MarkupShapeLike = {
      type: 'text',
      at,
      text: trimmed.slice(0, 500),
      size: style.textSize,
      color: style.color,
      lineWidth: style.lineWidth,
    };
    this.#commit([...this.#shapes, shape]);
    this.#changed();
    return shape;
  }

  undo(): void {
    const previous = this.#undo.pop();
    if (!previous) return;
    this.#redo.push(this.#shapes);
    this.#shapes = previous;
    this.#changed();
  }

  redo(): void {
    const next = this.#redo.pop();
    if (!next) return;
    this.#undo.push(this.#shapes);
    this.#shapes = next;
    this.#changed();
  }

  clear(): void {
    if (this.#shapes.length === 0) return;
    this.#commit([]);
    this.#changed();
  }

  /** Replaces the shapes (a topic opened, or changed by someone else); history starts again. */
  reset(shapes: readonly MarkupShapeLike[]): void {
    this.#shapes = shapes.slice();
    this.#undo = [];
    this.#redo = [];
    this.#draft = null;
    this.#changed();
  }
}
