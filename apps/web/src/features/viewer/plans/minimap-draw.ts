/**
 * The minimap's picture: the plan, the selected elements over it in the selection's blue, and
 * the camera as a red dot with its view cone. Canvas 2D only (no React), CSS pixels.
 */
import { drawVectorSheet, highlightOf, type SheetView, type VectorSheet } from '@truss/viewable';
import type { Viewpoint } from '../engine';
import { cameraMarker, type Vec3 } from './plan-geometry';

const SELECTED = '#2563eb';
/** The view cone's length on screen, CSS pixels. */
const CONE_PIXELS = 28;

/** Draws it all; returns where the camera's dot is (CSS pixels). */
export function drawMinimap(
  context: CanvasRenderingContext2D,
  size: { width: number; height: number; ratio: number },
  plan: VectorSheet,
  view: SheetView,
  selectedRows: ReadonlySet<number>,
  camera: Viewpoint['camera'],
  translation: Vec3,
): [number, number] {
  context.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  drawVectorSheet(context, plan, { view, hairline: 1 / size.ratio });
  if (selectedRows.size > 0) {
    drawVectorSheet(context, highlightOf(plan, selectedRows, SELECTED), { view, hairline: 2 });
  }
  const { at, cone } = cameraMarker(
    camera.position,
    camera.target,
    camera.fov ?? 60,
    translation,
    CONE_PIXELS / view.scale,
  );
  const px = (x: number, y: number): [number, number] => [
    view.x + x * view.scale,
    view.y - y * view.scale,
  ];
  const [mx, my] = px(at[0], at[1]);
  if (cone) {
    const [ax, ay] = px(cone[0][0], cone[0][1]);
    const [bx, by] = px(cone[1][0], cone[1][1]);
    context.beginPath();
    context.moveTo(mx, my);
    context.lineTo(ax, ay);
    context.lineTo(bx, by);
    context.closePath();
    context.fillStyle = 'rgba(220, 38, 38, 0.22)';
    context.fill();
    context.strokeStyle = 'rgba(220, 38, 38, 0.8)';
    context.lineWidth = 1;
    context.stroke();
  }
  context.beginPath();
  context.arc(mx, my, 4.5, 0, Math.PI * 2);
  context.fillStyle = '#dc2626';
  context.fill();
  context.strokeStyle = '#ffffff';
  context.lineWidth = 1.5;
  context.stroke();
  return [mx, my];
}
