/**
 * Box-select hit logic (pure): which elements a screen rectangle takes. Dragging left to right
 * takes elements whose projected box lies wholly inside the rectangle ("window"); right to left
 * takes every element it touches ("crossing"), as in CAD programs.
 */
interface ScreenRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

type BoxSelectMode = 'window' | 'crossing';

export function boxSelectMode(startX: number, endX: number): BoxSelectMode {
  return endX >= startX ? 'window' : 'crossing';
}

/**
 * @param boxes 6 floats per element (min xyz, max xyz; min > max when the element draws nothing)
 * @param project world -> canvas pixels, null when behind the camera
 */
export function boxSelect(
  boxes: Float32Array,
  isVisible: (id: number) => boolean,
  project: (x: number, y: number, z: number) => { x: number; y: number } | null,
  rect: ScreenRect,
  mode: BoxSelectMode,
): number[] {
  const left = Math.min(rect.x0, rect.x1);
  const right = Math.max(rect.x0, rect.x1);
  const top = Math.min(rect.y0, rect.y1);
  const bottom = Math.max(rect.y0, rect.y1);
  const ids: number[] = [];
  const count = Math.floor(boxes.length / 6);
  for (let id = 0; id < count; id++) {
    const o = id * 6;
    if (!(boxes[o]! <= boxes[o + 3]!) || !isVisible(id)) continue;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    let behind = false;
    for (let c = 0; c < 8; c++) {
      const p = project(
        boxes[o + (c & 1 ? 3 : 0)]!,
        boxes[o + (c & 2 ? 4 : 1)]!,
        boxes[o + (c & 4 ? 5 : 2)]!,
      );
      if (!p) {
        behind = true;
        break;
      }
      minX = Math.min(minX, p.x);
      maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
    if (behind) continue;
    const hit =
      mode === 'window'
        ? minX >= left && maxX <= right && minY >= top && maxY <= bottom
        : maxX >= left && minX <= right && maxY >= top && minY <= bottom;
    if (hit) ids.push(id);
  }
  return ids;
}
