import { z } from 'zod';
import type { Viewpoint } from './engine';

/**
 * The viewpoint in the page URL (`?vp=`): base64url of a compact JSON form of the engine's
 * `Viewpoint`. Compact because a link must stay short enough to paste: numbers rounded to 0.1 mm,
 * element id lists written as ranges ("3-9,12"), colours grouped by colour.
 */
export const VIEWPOINT_PARAM = 'vp';

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** Sorted, distinct ids as "a-b,c" ranges. */
export function encodeIdRanges(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id >= 0);
  sorted.sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    const start = sorted[i]!;
    let end = start;
    while (i + 1 < sorted.length && sorted[i + 1] === end + 1) {
      i += 1;
      end += 1;
    }
    parts.push(end === start ? String(start) : `${start}-${end}`);
    i += 1;
  }
  return parts.join(',');
}

/** Limit on ids a range list may expand to, so a crafted link cannot exhaust memory. */
const MAX_IDS = 5_000_000;

export function decodeIdRanges(text: string): number[] {
  if (!text) return [];
  const ids: number[] = [];
  for (const part of text.split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) throw new Error(`Bad id range "${part}"`);
    const start = Number(match[1]);
    const end = match[2] === undefined ? start : Number(match[2]);
    if (end < start || ids.length + (end - start) > MAX_IDS) throw new Error('Bad id range');
    for (let id = start; id <= end; id++) ids.push(id);
  }
  return ids;
}

const num = z.number().finite();
const vec3 = z.tuple([num, num, num]);

/** The compact form (short keys). `v` is the engine's viewpoint version. */
const compactSchema = z.object({
  v: z.literal(1),
  /** [projection 0 persp | 1 ortho, position xyz, target xyz, up xyz, fov or height] */
  c: z.tuple([z.union([z.literal(0), z.literal(1)]), vec3, vec3, vec3, num.nullable()]),
  /** planes: [id, normal xyz, constant, enabled 0|1] */
  p: z.array(z.tuple([z.string().max(100), vec3, num, z.union([z.literal(0), z.literal(1)])])),
  /** box: [min xyz, max xyz, enabled] or null */
  b: z.tuple([vec3, vec3, z.union([z.literal(0), z.literal(1)])]).nullable(),
  h: z.string(),
  i: z.string().nullable(),
  s: z.string(),
  /** colour as 6 hex digits -> id ranges */
  k: z.record(z.string().regex(/^[0-9a-f]{6}$/), z.string()),
  x: z.union([z.literal(0), z.literal(1)]),
  e: z.union([z.literal(0), z.literal(1)]),
});
type Compact = z.infer<typeof compactSchema>;

const r3 = (v: readonly number[]) => [round(v[0]!), round(v[1]!), round(v[2]!)] as const;
const bit = (on: boolean) => (on ? 1 : 0) as 0 | 1;

function compact(vp: Viewpoint): Compact {
  const byColor = new Map<number, number[]>();
  for (const [id, color] of Object.entries(vp.colors)) {
    const list = byColor.get(color) ?? [];
    list.push(Number(id));
    byColor.set(color, list);
  }
  const k: Record<string, string> = {};
  for (const [color, ids] of byColor) k[color.toString(16).padStart(6, '0')] = encodeIdRanges(ids);
  const { camera, sections } = vp;
  const extra = camera.projection === 'orthographic' ? camera.height : camera.fov;
  return {
    v: 1,
    c: [
      camera.projection === 'orthographic' ? 1 : 0,
      [...r3(camera.position)],
      [...r3(camera.target)],
      [...r3(camera.up)],
      extra === undefined ? null : round(extra),
    ],
    p: sections.planes.map((p) => [p.id, [...r3(p.normal)], round(p.constant), bit(p.enabled)]),
    b: sections.box
      ? [[...r3(sections.box.min)], [...r3(sections.box.max)], bit(sections.box.enabled)]
      : null,
    h: encodeIdRanges(vp.visibility.hidden),
    i: vp.visibility.isolated ? encodeIdRanges(vp.visibility.isolated) : null,
    s: encodeIdRanges(vp.selection),
    k,
    x: bit(vp.xray),
    e: bit(vp.edges),
  };
}

function expand(c: Compact): Viewpoint {
  const [projection, position, target, up, extra] = c.c;
  const colors: Record<string, number> = {};
  for (const [hex, ranges] of Object.entries(c.k)) {
    for (const id of decodeIdRanges(ranges)) colors[id] = parseInt(hex, 16);
  }
  const orthographic = projection === 1;
  return {
    version: 1,
    camera: {
      projection: orthographic ? 'orthographic' : 'perspective',
      position,
      target,
      up,
      ...(extra === null ? {} : orthographic ? { height: extra } : { fov: extra }),
    },
    sections: {
      planes: c.p.map(([id, normal, constant, enabled]) => ({
        id,
        normal,
        constant,
        enabled: enabled === 1,
      })),
      box: c.b ? { min: c.b[0], max: c.b[1], enabled: c.b[2] === 1 } : null,
    },
    visibility: {
      hidden: decodeIdRanges(c.h),
      isolated: c.i === null ? null : decodeIdRanges(c.i),
    },
    selection: decodeIdRanges(c.s),
    colors,
    xray: c.x === 1,
    edges: c.e === 1,
  };
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('Not base64url');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Longest `vp` written. The whole request line must stay under the server's 16 KiB header limit
 * (Node's default) or a reload answers 431; colour-by-type on a large model scatters ids over
 * many ranges and would pass it.
 */
export const MAX_VIEWPOINT_PARAM_LENGTH = 8000;

/**
 * The viewpoint as a `vp` value. Past the length limit, the parts that make it long are left out
 * in this order (the view itself is always kept): colours, then the selection, then visibility.
 */
export function encodeViewpoint(vp: Viewpoint, maxLength = MAX_VIEWPOINT_PARAM_LENGTH): string {
  const full = compact(vp);
  const attempts: Compact[] = [
    full,
    { ...full, k: {} },
    { ...full, k: {}, s: '' },
    { ...full, k: {}, s: '', h: '', i: null },
  ];
  let encoded = '';
  for (const attempt of attempts) {
    encoded = toBase64Url(JSON.stringify(attempt));
    if (encoded.length <= maxLength) return encoded;
  }
  return encoded;
}

/** The viewpoint in a `vp` value, or null when it is not one (a cut or edited link). */
export function decodeViewpoint(value: string): Viewpoint | null {
  try {
    const parsed = compactSchema.safeParse(JSON.parse(fromBase64Url(value)));
    return parsed.success ? expand(parsed.data) : null;
  } catch {
    return null;
  }
}

/** `url` with `vp` set (or removed when null), other parameters and the hash kept. */
export function withViewpointParam(url: string, encoded: string | null): string {
  const next = new URL(url);
  if (encoded === null) next.searchParams.delete(VIEWPOINT_PARAM);
  else next.searchParams.set(VIEWPOINT_PARAM, encoded);
  return `${next.pathname}${next.search}${next.hash}`;
}
