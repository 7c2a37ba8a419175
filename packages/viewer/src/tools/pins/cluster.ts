/**
 * Screen-space clustering of pins: pins whose markers would overlap merge into one marker with a
 * count. A uniform grid finds neighbours, so a frame with a thousand pins costs well under a
 * millisecond. Pure (no three.js) so it is unit-tested on its own.
 */

export interface ScreenPin {
  /** Index of the pin in the caller's list. */
  index: number;
  x: number;
  y: number;
}

export interface Cluster {
  /** The pin whose point the marker is drawn at (the first of the cluster in list order). */
  anchor: number;
  /** Every pin of the cluster (anchor included), in list order. */
  members: number[];
}

/**
 * Greedy clustering: in list order, a pin not yet taken starts a cluster and takes every free
 * pin within `radius` pixels of it. `radius` <= 0 gives one cluster per pin.
 */
export function clusterPins(pins: readonly ScreenPin[], radius: number): Cluster[] {
  if (radius <= 0) return pins.map((p) => ({ anchor: p.index, members: [p.index] }));
  const cell = radius;
  const grid = new Map<number, number[]>();
  // Cell keys packed into one small integer (fast Map keys): on-screen cells are far fewer than
  // 4096 per axis; off-screen pins are dropped before clustering.
  const key = (cx: number, cy: number) => ((cx + 4096) & 0x1fff) * 0x2000 + ((cy + 4096) & 0x1fff);
  const cellOf = (v: number) => Math.floor(v / cell);
  pins.forEach((p, i) => {
    const k = key(cellOf(p.x), cellOf(p.y));
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  });
  const taken = new Uint8Array(pins.length);
  const clusters: Cluster[] = [];
  const r2 = radius * radius;
  for (let i = 0; i < pins.length; i += 1) {
    if (taken[i]) continue;
    taken[i] = 1;
    const p = pins[i]!;
    const members = [i];
    const cx = cellOf(p.x);
    const cy = cellOf(p.y);
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        const list = grid.get(key(cx + dx, cy + dy));
        if (!list) continue;
        for (const j of list) {
          if (taken[j]) continue;
          const q = pins[j]!;
          if ((q.x - p.x) ** 2 + (q.y - p.y) ** 2 <= r2) {
            taken[j] = 1;
            members.push(j);
          }
        }
      }
    }
    members.sort((a, b) => a - b);
    clusters.push({ anchor: p.index, members: members.map((m) => pins[m]!.index) });
  }
  return clusters;
}

/** The text a marker shows: nothing for one pin, the count, or "99+". */
export function clusterLabel(count: number): string {
  if (count <= 1) return '';
  return count > 99 ? '99+' : String(count);
}
