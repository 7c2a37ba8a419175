/**
 * Keeps measurement labels from covering each other: measurements close together on screen
 * (a chain of distances, an angle at a corner already measured) would stack their labels.
 */
export interface LabelBox {
  /** Top-left corner and size, CSS pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: LabelBox, b: LabelBox, gap: number) =>
  a.x < b.x + b.width + gap &&
  b.x < a.x + a.width + gap &&
  a.y < b.y + b.height + gap &&
  b.y < a.y + a.height + gap;

/**
 * How far to move each label down (CSS px, input order; null boxes are off screen) so that no two
 * overlap: from the top, a label that meets one already placed goes just below it. Labels that do
 * not meet any other stay where they are.
 */
export function separateLabels(boxes: (LabelBox | null)[], gap = 2): number[] {
  const shifts = boxes.map(() => 0);
  const order = boxes
    .map((box, index) => ({ box, index }))
    .filter((entry): entry is { box: LabelBox; index: number } => entry.box !== null)
    .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const placed: LabelBox[] = [];
  for (const { box, index } of order) {
    const moved = { ...box };
    // Each move goes below a placed label, so this ends after at most placed.length moves.
    for (let tries = 0; tries <= placed.length; tries++) {
      const hit = placed.find((other) => overlaps(moved, other, gap));
      if (!hit) break;
      moved.y = hit.y + hit.height + gap;
    }
    shifts[index] = moved.y - box.y;
    placed.push(moved);
  }
  return shifts;
}
