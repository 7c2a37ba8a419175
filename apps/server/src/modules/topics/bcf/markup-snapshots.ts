import { createHash } from 'node:crypto';
import type { BcfViewpoint } from '@truss/bcf';
import type { MarkupBase } from '@truss/converter';
import { SHEET_FILES, type SheetIndex, type VectorSheet } from '@truss/viewable';
import type { TopicRow } from '../../../db/schema.ts';
import type { DataScope } from '../../../repositories.ts';
import { findModel } from '../../models/index.ts';
import type { ObjectStorage } from '../../storage/index.ts';

type Render = (
  base: MarkupBase,
  shapes: NonNullable<TopicRow['markup']>['shapes'],
) => Promise<Uint8Array>;

/** The converter's renderer (@napi-rs/canvas), loaded on the first export with markup. */
const defaultRender: Render = async (base, shapes) => {
  const { renderMarkupSnapshot } = await import('@truss/converter');
  return renderMarkupSnapshot(base, shapes);
};

/** A viewpoint GUID stable per topic, for a sheet topic's markup when it has no viewpoint. */
function markupViewpointGuid(topicGuid: string): string {
  const hex = createHash('sha1').update(`markup:${topicGuid}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const EMPTY_VIEW: BcfViewpoint['view'] = {
  camera: null,
  clippingPlanes: [],
  lines: [],
  bitmaps: [],
  selection: [],
  visibility: { defaultVisibility: true, exceptions: [] },
  coloring: [],
};

/**
 * Markup into the snapshots a BCF export carries, drawn on the server so every export (and any
 * mail or tool reading BCF) shows the markup the topic holds now, while the stored snapshot and
 * the vectors stay apart (the markup is edited until the topic closes):
 * - 3D markup: drawn over the first viewpoint's snapshot (0..1 of the frame of the markup's
 *   aspect fitted in it, so a snapshot of another aspect does not stretch it);
 *   a topic without a snapshot has nothing to draw on and exports as before;
 * - sheet markup: drawn over the sheet's preview, which becomes the first viewpoint's snapshot
 *   (a viewpoint without a camera is added when the topic has none).
 */
export class MarkupSnapshots {
  readonly #storage: Pick<ObjectStorage, 'get' | 'stat'>;
  readonly #render: Render;

  constructor(storage: Pick<ObjectStorage, 'get' | 'stat'>, render: Render = defaultRender) {
    this.#storage = storage;
    this.#render = render;
  }

  async apply(
    scope: DataScope,
    row: TopicRow,
    viewpoints: BcfViewpoint[],
  ): Promise<BcfViewpoint[]> {
    const markup = row.markup;
    if (!markup || markup.shapes.length === 0) return viewpoints;
    const [first, ...rest] = viewpoints;
    if (markup.sheetId === null) {
      if (!first?.snapshot) return viewpoints;
      const bytes = await this.#render(
        { kind: 'view', image: first.snapshot.bytes, aspect: markup.aspect ?? null },
        markup.shapes,
      );
      return [{ ...first, snapshot: { type: 'png', bytes } }, ...rest];
    }
    const base = row.model_id ? await this.#sheetBase(scope, row.model_id, markup.sheetId) : null;
    if (!base) return viewpoints;
    const snapshot = { type: 'png' as const, bytes: await this.#render(base, markup.shapes) };
    if (first) return [{ ...first, snapshot }, ...rest];
    return [{ guid: markupViewpointGuid(row.guid), view: EMPTY_VIEW, snapshot }];
  }

  /**
   * The one picture of a topic (what a notification mail shows): its first viewpoint's snapshot,
   * or its sheet's preview, with the markup drawn as the export draws it; null: none.
   */
  async picture(
    scope: DataScope,
    row: TopicRow,
    first: { snapshot: Uint8Array | null; snapshot_type: 'png' | 'jpg' | null } | undefined,
  ): Promise<{ type: 'png' | 'jpg'; bytes: Uint8Array } | null> {
    const viewpoints: BcfViewpoint[] =
      first?.snapshot && first.snapshot_type
        ? [
            {
              guid: markupViewpointGuid(row.guid),
              view: EMPTY_VIEW,
              snapshot: { type: first.snapshot_type, bytes: first.snapshot },
            },
          ]
        : [];
    const [drawn] = await this.apply(scope, row, viewpoints);
    return drawn?.snapshot ?? null;
  }

  async #read(key: string): Promise<Buffer | null> {
    if (!(await this.#storage.stat(key))) return null;
    return Buffer.concat(await (await this.#storage.get(key)).toArray());
  }

  /** The sheet's stored preview and the frame it shows (the converter's choice per kind). */
  async #sheetBase(scope: DataScope, modelId: string, sheetId: string): Promise<MarkupBase | null> {
    const model = await findModel(scope, modelId);
    if (!model?.derived_prefix || model.deleted_at) return null;
    const prefix = model.derived_prefix;
    const indexBytes = await this.#read(`${prefix}${SHEET_FILES.index.name}`);
    if (!indexBytes) return null;
    const index = JSON.parse(indexBytes.toString('utf8')) as SheetIndex;
    const sheet = index.sheets.find((candidate) => candidate.id === sheetId);
    const image = sheet && (await this.#read(`${prefix}${SHEET_FILES.preview(sheet.id).name}`));
    if (!sheet || !image) return null;
    const paper: [number, number, number, number] = [0, 0, sheet.width, sheet.height];
    if (sheet.content === 'pdf') return { kind: 'sheet', image, frame: paper, marginRatio: 0 };
    if (sheet.kind === 'layout' || sheet.kind === 'page') {
      return { kind: 'sheet', image, frame: paper, marginRatio: 0.02 };
    }
    // Model space and storey plans: the preview fits the content's bounds.
    const vector = await this.#read(`${prefix}${SHEET_FILES.vector(sheet.id).name}`);
    if (!vector) return null;
    const { bounds } = JSON.parse(vector.toString('utf8')) as VectorSheet;
    return { kind: 'sheet', image, frame: bounds, marginRatio: 0.02 };
  }
}
