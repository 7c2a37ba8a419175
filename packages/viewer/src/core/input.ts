/**
 * Routes pointer, wheel and key events: the active tool's handlers first (a handler returning true
 * consumes the event), then navigation. A click is a press and release within a few pixels and
 * a short time.
 */
import type { ViewerTool } from '../api-types.ts';
import type { NavigationInput } from '../navigation/navigation.ts';
import type { PointerInfo, ToolHandlers } from './context.ts';

const CLICK_PIXELS = 5;
const CLICK_MS = 400;

export class InputRouter {
  private readonly handlers = new Map<ViewerTool, ToolHandlers>();
  /** Asked before the active tool about every click (pins above the model); true consumes it. */
  private readonly clickCaptures = new Set<(p: PointerInfo) => boolean>();
  private tool: ViewerTool = 'select';
  navigationEnabled = true;
  private down: { x: number; y: number; at: number; id: number; consumed: boolean } | null = null;
  private readonly cleanup: Array<() => void> = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly navigation: NavigationInput,
    private readonly onToolChange: (tool: ViewerTool) => void,
  ) {
    const listen = <K extends keyof HTMLElementEventMap>(
      target: HTMLElement | Window,
      type: K,
      handler: (event: HTMLElementEventMap[K]) => void,
      options?: AddEventListenerOptions,
    ) => {
      target.addEventListener(type, handler as EventListener, options);
      this.cleanup.push(() => target.removeEventListener(type, handler as EventListener, options));
    };
    canvas.style.touchAction = 'none';
    listen(canvas, 'pointerdown', (e) => this.pointerDown(e));
    listen(canvas, 'pointermove', (e) => this.pointerMove(e));
    listen(canvas, 'pointerup', (e) => this.pointerUp(e));
    listen(canvas, 'pointercancel', (e) => this.pointerUp(e, true));
    listen(canvas, 'wheel', (e) => this.wheel(e), { passive: false });
    listen(canvas, 'contextmenu', (e) => e.preventDefault());
    listen(window, 'keydown', (e) => this.keyDown(e));
    listen(window, 'keyup', (e) => this.navigation.keyUp(e));
  }

  register(tool: ViewerTool, handlers: ToolHandlers): () => void {
    this.handlers.set(tool, handlers);
    return () => {
      if (this.handlers.get(tool) === handlers) this.handlers.delete(tool);
    };
  }

  captureClicks(handler: (p: PointerInfo) => boolean): () => void {
    this.clickCaptures.add(handler);
    return () => this.clickCaptures.delete(handler);
  }

  getTool(): ViewerTool {
    return this.tool;
  }

  setTool(tool: ViewerTool): void {
    if (tool === this.tool) return;
    this.handlers.get(this.tool)?.onDeactivate?.();
    this.tool = tool;
    this.onToolChange(tool);
  }

  private info(event: PointerEvent): PointerInfo {
    const rect = this.canvas.getBoundingClientRect();
    return {
      x: event.clientX - rect.left,
      y: event.clientY - rect.top,
      button: event.button,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      event,
    };
  }

  private active(): ToolHandlers | undefined {
    return this.handlers.get(this.tool);
  }

  private pointerDown(event: PointerEvent): void {
    const p = this.info(event);
    // Keep receiving moves outside the canvas while dragging. Synthetic events (scripts, tests)
    // have no active pointer to capture, and capturing one would throw.
    if (event.isTrusted) this.canvas.setPointerCapture(event.pointerId);
    const consumed = this.active()?.onPointerDown?.(p) === true;
    if (event.isPrimary)
      this.down = { x: p.x, y: p.y, at: performance.now(), id: event.pointerId, consumed };
    if (!consumed && this.navigationEnabled) this.navigation.pointerDown(event, p.x, p.y);
  }

  private pointerMove(event: PointerEvent): void {
    const p = this.info(event);
    const consumed = this.active()?.onPointerMove?.(p) === true;
    const ownDrag = this.down?.consumed && this.down.id === event.pointerId;
    if (!consumed && !ownDrag && this.navigationEnabled)
      this.navigation.pointerMove(event, p.x, p.y);
  }

  private pointerUp(event: PointerEvent, cancelled = false): void {
    const p = this.info(event);
    if (this.canvas.hasPointerCapture?.(event.pointerId))
      this.canvas.releasePointerCapture(event.pointerId);
    this.active()?.onPointerUp?.(p);
    this.navigation.pointerUp(event, p.x, p.y);
    const down = this.down;
    if (down && down.id === event.pointerId) {
      this.down = null;
      const still = Math.hypot(p.x - down.x, p.y - down.y) <= CLICK_PIXELS;
      if (!cancelled && still && performance.now() - down.at <= CLICK_MS) {
        const captured = [...this.clickCaptures].some((capture) => capture(p));
        if (!captured) {
          const active = this.active();
          if (active?.onClick?.(p) !== true && active?.clicksSelect)
            this.handlers.get('select')?.onClick?.(p);
        }
      }
    }
  }

  private wheel(event: WheelEvent): void {
    if (!this.navigationEnabled) return;
    const rect = this.canvas.getBoundingClientRect();
    this.navigation.wheel(event, event.clientX - rect.left, event.clientY - rect.top);
  }

  private keyDown(event: KeyboardEvent): void {
    const target = event.target as HTMLElement | null;
    // Typing in a field of the host page is not meant for the viewer.
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)))
      return;
    if (this.active()?.onKeyDown?.(event) === true) return;
    if (this.navigationEnabled && this.navigation.keyDown(event)) event.preventDefault();
  }

  dispose(): void {
    for (const undo of this.cleanup) undo();
    this.handlers.clear();
    this.clickCaptures.clear();
  }
}
