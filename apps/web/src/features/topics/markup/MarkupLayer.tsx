import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetViewer } from '@truss/viewer/sheet';
import {
  drawMarkup,
  fromDevice,
  sheetMapping,
  viewMapping,
  type MarkupMapping,
  type MarkupPoint,
} from '@truss/viewer/markup';
import {
  markupStore,
  markupTarget,
  sameTarget,
  useMarkupState,
  type MarkupTarget,
} from './markup-store';

/** Screen pixels -> the markup's space, and lengths in it, for this layer's size and view. */
function spaceOf(
  target: MarkupTarget,
  sheet: SheetViewer | undefined,
  width: number,
  height: number,
  aspect: number | null,
) {
  if (target.kind === 'sheet' && sheet) {
    const view = sheet.view();
    return {
      map: sheetMapping(view),
      toSpace: (p: MarkupPoint) => fromDevice({ kind: 'sheet', ...view }, p),
      perPixel: 1 / view.scale,
    };
  }
  const map = viewMapping(width, height, aspect);
  return {
    map,
    toSpace: (p: MarkupPoint) => fromDevice({ kind: 'view', width, height, aspect }, p),
    perPixel: 1 / Math.max(map.scale, 1),
  };
}

/**
 * The markup over the 3D view or a sheet: the opened topic's (shown), or the one being drawn
 * (with the pointer: drag for shapes and strokes, click for text). On a sheet it is redrawn as
 * the sheet pans and zooms; in 3D its coordinates are 0..1 of its frame (the view at the aspect it
 * was drawn at, fitted into this one, so it keeps its shape on any screen). While not drawing it lets
 * every pointer event through to the view below.
 */
export function MarkupLayer({ target, sheet }: { target: MarkupTarget; sheet?: SheetViewer }) {
  const { t } = useTranslation();
  const state = useMarkupState();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 1, height: 1 });
  const [viewTick, setViewTick] = useState(0);
  const [text, setText] = useState<{ at: MarkupPoint; screen: MarkupPoint; value: string } | null>(
    null,
  );
  const editing = sameTarget(state.editing, target);
  const shown = !editing && state.shown && sameTarget(markupTarget(state.shown), target);
  const pinning = state.pinning && target.kind === 'sheet';
  // The 3D frame's aspect: the markup drawn now, or the shown topic's.
  const aspect = editing ? state.aspect : (state.shown?.aspect ?? null);
  const space = () => spaceOf(target, sheet, size.width, size.height, aspect);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new ResizeObserver(() => {
      const rect = canvas.getBoundingClientRect();
      setSize({ width: Math.max(1, rect.width), height: Math.max(1, rect.height) });
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => sheet?.on('viewchange', () => setViewTick((n) => n + 1)), [sheet]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(size.width * ratio);
    canvas.height = Math.round(size.height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const { map } = spaceOf(target, sheet, size.width, size.height, aspect);
    const shapes = editing
      ? [
          ...markupStore.editor.shapes,
          ...(markupStore.editor.draft ? [markupStore.editor.draft] : []),
        ]
      : shown && state.shown
        ? state.shown.shapes
        : [];
    drawMarkup(ctx, shapes, map as MarkupMapping);
  }, [state, size, viewTick, target, sheet, editing, shown, aspect]);

  const local = (event: PointerEvent<HTMLCanvasElement>): MarkupPoint => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };
  const style = (frameAspect: number | null = aspect) => {
    const { perPixel } = spaceOf(target, sheet, size.width, size.height, frameAspect);
    return {
      color: state.color,
      lineWidth: state.width * perPixel,
      textSize: (12 + state.width * 2) * perPixel,
      minStep: 3 * perPixel,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const screen = local(event);
    if (editing && target.kind === 'view') markupStore.fixAspect(size.width, size.height);
    const { toSpace } = spaceOf(
      target,
      sheet,
      size.width,
      size.height,
      markupStore.get().aspect ?? aspect,
    );
    if (pinning) {
      const [x, y] = toSpace(screen);
      if (target.kind === 'sheet') {
        markupStore.set({ pinning: false, sheetPin: { sheetId: target.sheetId, x, y } });
      }
      return;
    }
    if (!editing) return;
    event.preventDefault();
    if (state.tool === 'text') {
      setText({ at: toSpace(screen), screen, value: '' });
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    markupStore.editor.begin(state.tool, toSpace(screen), style(markupStore.get().aspect));
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!editing || !markupStore.editor.draft) return;
    markupStore.editor.move(space().toSpace(local(event)));
  };
  const onPointerUp = () => {
    if (editing && markupStore.editor.draft) markupStore.editor.end();
  };
  const commitText = () => {
    if (text?.value.trim()) markupStore.editor.addText(text.at, text.value, style());
    setText(null);
  };

  const active = editing || pinning;
  return (
    <>
      <canvas
        ref={canvasRef}
        data-markup-layer={target.kind === 'sheet' ? target.sheetId : 'view'}
        data-markup-shapes={
          editing ? markupStore.editor.shapes.length : (state.shown?.shapes.length ?? 0)
        }
        aria-label={active ? t('topics.markup.layer') : undefined}
        className="absolute inset-0 z-[5] h-full w-full"
        style={{
          pointerEvents: active ? 'auto' : 'none',
          cursor: pinning
            ? 'crosshair'
            : editing
              ? state.tool === 'text'
                ? 'text'
                : 'crosshair'
              : undefined,
          touchAction: active ? 'none' : undefined,
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => markupStore.editor.cancel()}
      />
      {text && (
        <input
          autoFocus
          aria-label={t('topics.markup.textPrompt')}
          placeholder={t('topics.markup.textPrompt')}
          className="absolute z-[6] rounded border border-gray-300 bg-white px-1 py-0.5 text-sm shadow"
          style={{ left: text.screen[0], top: text.screen[1] }}
          value={text.value}
          maxLength={500}
          onChange={(e) => setText({ ...text, value: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitText();
            if (e.key === 'Escape') setText(null);
          }}
          onBlur={commitText}
        />
      )}
    </>
  );
}
