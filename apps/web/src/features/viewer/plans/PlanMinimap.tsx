import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { Sheet } from '@truss/contracts';
import { fitSheet, type SheetView, type VectorSheet } from '@truss/viewable';
import type { LoadedModelInfo, Viewer } from '../engine';
import { drawMinimap } from './minimap-draw';
import { elementAt, storeyAt, type Vec3 } from './plan-geometry';
import { usePlanContent } from './usePlanContent';

const WIDTH = 224;

/** The canvas's CSS height for a plan: its aspect, within 120..320 px (a tall plan gets room). */
function heightFor(plan: VectorSheet | undefined): number {
  if (!plan) return WIDTH;
  const [minX, minY, maxX, maxY] = plan.bounds;
  const aspect = (maxY - minY) / Math.max(maxX - minX, 1e-9);
  return Math.round(Math.min(320, Math.max(120, WIDTH * aspect)));
}

/**
 * The minimap: the plan of the storey the camera is on (or the one picked), with the camera as
 * a dot and its view cone, kept up to date as the camera moves. A click picks the element drawn
 * there and selects it in 3D; what is selected in 3D is drawn highlighted on the plan.
 */
export function PlanMinimap({
  viewer,
  plans,
  info,
  requestInit,
  onStoreyChange,
  onClose,
}: {
  viewer: Viewer;
  /** Storey plans, lowest first (storeyPlansOf). */
  plans: readonly Sheet[];
  /** The model the plans are of: its translation and id range in the engine. */
  info: LoadedModelInfo;
  requestInit?: RequestInit;
  /** The plan shown changed (the camera's storey, or one picked). */
  onStoreyChange?: (sheetId: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [picked, setPicked] = useState<string>('auto');
  const [autoId, setAutoId] = useState<string | null>(plans[0]?.id ?? null);
  const [selection, setSelection] = useState<number[]>(() => viewer.selection.get());
  const [marker, setMarker] = useState<string>('');
  const translation = info.translation as Vec3;
  // World y of a storey's floor: its elevation in the file's frame, moved like the model.
  const floorOffset = translation[1] - (info.metadata?.origin[1] ?? 0);
  const sheet = plans.find((p) => p.id === (picked === 'auto' ? autoId : picked)) ?? null;
  const content = usePlanContent(sheet, requestInit);
  const sheetId = sheet?.id ?? null;
  useEffect(() => onStoreyChange?.(sheetId), [sheetId, onStoreyChange]);
  const rows = useMemo(() => {
    const set = new Set<number>();
    for (const id of selection) {
      const row = id - info.offset;
      if (row >= 0 && row < info.idCount) set.add(row);
    }
    return set;
  }, [selection, info.offset, info.idCount]);

  const viewOf = useCallback(
    (plan: VectorSheet): SheetView => fitSheet(plan.bounds, WIDTH, heightFor(plan), 8),
    [],
  );

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const plan = content.data;
    if (!canvas || !plan) return;
    const ratio = window.devicePixelRatio || 1;
    const height = heightFor(plan);
    if (canvas.width !== WIDTH * ratio || canvas.height !== height * ratio) {
      canvas.width = WIDTH * ratio;
      canvas.height = height * ratio;
    }
    const context = canvas.getContext('2d');
    if (!context) return;
    const [mx, my] = drawMinimap(
      context,
      { width: WIDTH, height, ratio },
      plan,
      viewOf(plan),
      rows,
      viewer.getViewpoint().camera,
      translation,
    );
    setMarker(`${mx.toFixed(1)},${my.toFixed(1)}`);
  }, [content.data, rows, viewer, translation, viewOf]);

  // The camera moves: the storey (when automatic) and the marker follow, once per frame.
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const { target } = viewer.getViewpoint().camera;
      setAutoId(storeyAt(plans, target[1], floorOffset)?.id ?? null);
      draw();
    };
    update();
    const off = viewer.on('camera-change', () => {
      frame ||= requestAnimationFrame(update);
    });
    return () => {
      off();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [viewer, plans, floorOffset, draw]);

  useEffect(() => viewer.on('selection-change', ({ ids }) => setSelection(ids)), [viewer]);

  const onClick = (event: MouseEvent<HTMLCanvasElement>) => {
    const plan = content.data;
    if (!plan) return;
    const box = event.currentTarget.getBoundingClientRect();
    const view = viewOf(plan);
    const x = (event.clientX - box.left - view.x) / view.scale;
    const y = (view.y - (event.clientY - box.top)) / view.scale;
    const row = elementAt(plan, x, y, 4 / view.scale);
    if (row === null) viewer.selection.clear();
    else viewer.selection.set([info.offset + row]);
  };

  return (
    <section
      aria-label={t('viewer.plans.minimap')}
      data-plan-minimap=""
      data-storey={sheet?.id ?? ''}
      data-marker={marker}
      data-selected={[...rows].join(',')}
      data-covers-view=""
      className="pointer-events-auto w-[240px] rounded-xl border border-gray-200 bg-white/95 p-2 shadow-lg backdrop-blur"
    >
      <div className="mb-1.5 flex items-center gap-1">
        <select
          aria-label={t('viewer.plans.storey')}
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-1.5 py-0.5 text-xs text-gray-800"
        >
          <option value="auto">
            {t('viewer.plans.auto', { name: plans.find((p) => p.id === autoId)?.name ?? '' })}
          </option>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('viewer.plans.close')}
          className="rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      </div>
      {/* Named on its wrapper: a labelled canvas is the 3D view's (the e2e tests find it so). */}
      <div role="img" aria-label={t('viewer.plans.planOf', { name: sheet?.name ?? '' })}>
        <canvas
          ref={canvasRef}
          onClick={onClick}
          style={{ width: WIDTH, height: heightFor(content.data) }}
          className="block cursor-crosshair rounded-md"
        />
      </div>
      {content.isError && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {t('viewer.plans.loadFailed')}
        </p>
      )}
    </section>
  );
}
