import type { ViewState } from '@truss/contracts';
import type { BcfTopic, BcfViewpoint } from '@truss/bcf';
import type { TopicBcfExtras, TopicRow } from '../../../db/schema.ts';

/*
 * A BCF topic's values as Truss's topic and viewpoint columns, and whether a re-import changes a
 * stored row.
 */

/** An xs:dateTime as an instant; one without a zone counts as UTC; out of range -> null. */
export function instant(value: string | undefined): Date | null {
  if (!value?.trim()) return null;
  const text = value.trim();
  const zoned = !text.includes('T') || /(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`;
  const date = new Date(zoned);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}

export const json = (value: unknown) => JSON.stringify(value);
const JSON_COLUMNS = new Set(['labels', 'related_guids', 'bcf']);
export const blankless = (values: readonly string[]) =>
  [...new Set(values.map((v) => v.trim()))].filter(Boolean);

/** JSON with object keys sorted (jsonb keeps its own key order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** True when writing `patch` would leave `row` as it is (a re-import of the same file). */
export function unchanged(row: TopicRow, patch: Record<string, unknown>): boolean {
  return Object.entries(patch).every(([key, value]) => {
    const current = (row as unknown as Record<string, unknown>)[key];
    if (value instanceof Date || current instanceof Date) {
      return value instanceof Date && current instanceof Date
        ? value.getTime() === current.getTime()
        : value === current;
    }
    if (JSON_COLUMNS.has(key)) return canonical(current) === canonical(JSON.parse(value as string));
    return (current ?? null) === (value ?? null);
  });
}

export function extrasOf(topic: BcfTopic): TopicBcfExtras {
  const extras: TopicBcfExtras = {};
  if (topic.serverAssignedId) extras.serverAssignedId = topic.serverAssignedId;
  if (topic.index !== undefined) extras.index = topic.index;
  if (topic.creationAuthor) extras.creationAuthor = topic.creationAuthor;
  if (topic.modifiedAuthor) extras.modifiedAuthor = topic.modifiedAuthor;
  if (topic.referenceLinks.length) extras.referenceLinks = topic.referenceLinks;
  if (topic.bimSnippet) extras.bimSnippet = topic.bimSnippet;
  if (topic.documentReferences.length) extras.documentReferences = topic.documentReferences;
  if (topic.headerFiles.length) extras.headerFiles = topic.headerFiles;
  return extras;
}

export function viewColumns(vp: BcfViewpoint) {
  const view: ViewState = vp.view;
  return {
    camera: json(view.camera),
    clipping_planes: json(view.clippingPlanes),
    lines: json(view.lines),
    bitmaps: json(view.bitmaps),
    selection: json(view.selection),
    visibility: json(view.visibility),
    coloring: json(view.coloring),
    snapshot: vp.snapshot ? vp.snapshot.bytes : null,
    snapshot_type: vp.snapshot?.type ?? null,
    bcf: json(vp.index !== undefined ? { index: vp.index } : {}),
  };
}
