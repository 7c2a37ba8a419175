/**
 * The sheet canvas's input: drag pans, the wheel (and a trackpad's ctrl+wheel pinch) zooms at
 * the cursor, two fingers pinch-zoom and pan, a click that did not move is a click (measure
 * points, picking a search hit), and keys: + − zoom, arrows pan, 0 fit, 1 paper size.
 */
import { panBy, zoomAt, type SheetView } from './view.ts';

const CLICK_SLOP_PX = 5;

export interface InputTarget {
  view(): SheetView;
  setView(view: SheetView): void;
  limits(): { min: number; max: number };
  size(): { width: number; height: number };
  /** A click (no drag) at CSS px of the canvas; `double` for the second click of a double. */
  click(x: number, y: number, double: boolean): void;
  /** The pointer moved over the canvas (null: it left). */
  hover(at: { x: number; y: number } | null): void;
  fit(): void;
  zoomToPaper(): void;
  /** Keys the tools take first (Enter, Backspace, Escape); true when handled. */
  toolKey(key: string): boolean;
}

type Pt = { x: number; y: number };

function panKey(key: string, step: number): [number, number] | null {
  if (key === 'ArrowLeft') return [step, 0];
  if (key === 'ArrowRight') return [-step, 0];
  if (key === 'ArrowUp') return [0, step];
  if (key === 'ArrowDown') return [0, -step];
  return null;
}

/** Listens on `canvas`; returns the function that stops listening. */
export function attachSheetInput(canvas: HTMLCanvasElement, target: InputTarget): () => void {
  const pointers = new Map<number, Pt>();
  let press: (Pt & { id: number; moved: boolean }) | null = null;
  let pinch: { distance: number; mid: Pt } | null = null;

  const local = (event: { clientX: number; clientY: number }): Pt => {
    const rect = canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const zoom = (factor: number, at: Pt) =>
    target.setView(zoomAt(target.view(), factor, at.x, at.y, target.limits()));
  const pinchNow = (): { distance: number; mid: Pt } | null => {
    const [a, b] = [...pointers.values()];
    if (!a || !b) return null;
    return {
      distance: Math.hypot(a.x - b.x, a.y - b.y),
      mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
    };
  };

  function down(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(event.pointerId);
    const p = local(event);
    pointers.set(event.pointerId, p);
    if (pointers.size === 2) {
      press = null;
      pinch = pinchNow();
    } else if (pointers.size === 1) press = { id: event.pointerId, ...p, moved: false };
  }

  function move(event: PointerEvent): void {
    const p = local(event);
    target.hover(p);
    const prev = pointers.get(event.pointerId);
    if (!prev) return;
    pointers.set(event.pointerId, p);
    if (pinch && pointers.size >= 2) {
      const now = pinchNow()!;
      let next = panBy(target.view(), now.mid.x - pinch.mid.x, now.mid.y - pinch.mid.y);
      if (pinch.distance > 0)
        next = zoomAt(next, now.distance / pinch.distance, now.mid.x, now.mid.y, target.limits());
      pinch = now;
      target.setView(next);
    } else if (press?.id === event.pointerId) {
      if (!press.moved && Math.hypot(p.x - press.x, p.y - press.y) < CLICK_SLOP_PX) return;
      press.moved = true;
      target.setView(panBy(target.view(), p.x - prev.x, p.y - prev.y));
    }
  }

  function up(event: PointerEvent): void {
    const p = local(event);
    const click = press?.id === event.pointerId && !press.moved && !pinch;
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (press?.id === event.pointerId) press = null;
    if (click && event.type === 'pointerup') target.click(p.x, p.y, event.detail >= 2);
  }

  function wheel(event: WheelEvent): void {
    event.preventDefault();
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? target.size().height : 1;
    // A trackpad pinch comes as ctrl+wheel with small deltas: faster per unit.
    zoom(Math.exp(-event.deltaY * lines * (event.ctrlKey ? 0.01 : 0.0015)), local(event));
  }

  function key(event: KeyboardEvent): void {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const { width, height } = target.size();
    const centre = { x: width / 2, y: height / 2 };
    const pan = panKey(event.key, (event.shiftKey ? 0.5 : 0.1) * Math.min(width, height));
    if (pan) target.setView(panBy(target.view(), pan[0], pan[1]));
    else if (event.key === '+' || event.key === '=') zoom(1.25, centre);
    else if (event.key === '-' || event.key === '_') zoom(0.8, centre);
    else if (event.key === '0') target.fit();
    else if (event.key === '1') target.zoomToPaper();
    else if (!target.toolKey(event.key)) return;
    event.preventDefault();
  }

  const leave = () => target.hover(null);
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  canvas.addEventListener('pointerleave', leave);
  canvas.addEventListener('wheel', wheel, { passive: false });
  canvas.addEventListener('keydown', key);
  return () => {
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', up);
    canvas.removeEventListener('pointerleave', leave);
    canvas.removeEventListener('wheel', wheel);
    canvas.removeEventListener('keydown', key);
  };
}
