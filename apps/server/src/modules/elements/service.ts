import {
  ELEMENT_EXPORT_MAX_ROWS,
  ELEMENT_QUERY_LIMIT_DEFAULT,
  type ElementExportBody,
  type ElementQueryResult,
  type ElementWhere,
} from '@truss/contracts';
import type { DataAccess } from '../../repositories.ts';
import type { ElementsRepositories } from './repositories.ts';
import { assertCan, loadProjectAccess } from '../projects/index.ts';
import { toCsv, toXlsx, type ExportRow } from './export.ts';
import type { ElementIndexer } from './indexer.ts';
import { planQuery, type PlanNode } from './query-plan.ts';
import { listProjectModels } from '../models/index.ts';

interface ElementQueryServiceDeps {
  data: DataAccess<ElementsRepositories>;
  indexer: ElementIndexer;
}

interface ExportFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Property queries across the models of a project: members query every live, ready model (or
 * the ones they name), each in its current version; models not indexed yet, or indexed from an older viewable, are indexed
 * first. Unknown or foreign model ids in `models` are ignored (they match nothing).
 */
export class ElementQueryService {
  readonly #d: ElementQueryServiceDeps;

  constructor(deps: ElementQueryServiceDeps) {
    this.#d = deps;
  }

  async #scope(userId: string, projectId: string, where: ElementWhere, only?: string[]) {
    const { repos } = this.#d.data;
    const access = await loadProjectAccess(repos, projectId, userId);
    assertCan(access, 'element.query');
    const plan = planQuery(where);
    const wanted = only ? new Set(only) : null;
    const models = (
      await listProjectModels(repos, projectId, { trashed: false, sort: 'name', order: 'asc' })
    ).filter(
      (m) => m.status === 'ready' && m.current_version_id !== null && (!wanted || wanted.has(m.id)),
    );
    await this.#d.indexer.ensureIndexed(models);
    // Each model is searched in its current version.
    const versions = models.map((m) => m.current_version_id!);
    return { plan, models, versions };
  }

  async query(
    userId: string,
    projectId: string,
    body: { where: ElementWhere; models?: string[]; limit?: number; offset?: number },
  ): Promise<ElementQueryResult> {
    const { plan, models, versions } = await this.#scope(
      userId,
      projectId,
      body.where,
      body.models,
    );
    const ids = models.map((m) => m.id);
    const modelOf = new Map(models.map((m) => [m.current_version_id!, m.id]));
    const limit = body.limit ?? ELEMENT_QUERY_LIMIT_DEFAULT;
    const offset = body.offset ?? 0;
    const [counts, rows] = await this.#d.data.transaction(async ({ elementQuery }) => {
      await elementQuery.tuneForQuery();
      const counted = (await elementQuery.countByVersion(versions, plan)).map((row) => ({
        model_id: modelOf.get(row.version_id)!,
        count: row.count,
      }));
      return [counted, await elementQuery.find(versions, plan, { limit, offset })] as const;
    });
    const order = new Map(ids.map((id, index) => [id, index]));
    return {
      count: counts.reduce((sum, row) => sum + row.count, 0),
      byModel: counts
        .sort((a, b) => order.get(a.model_id)! - order.get(b.model_id)!)
        .map((row) => ({ modelId: row.model_id, count: row.count })),
      elements: rows.map((row) => ({
        modelId: row.model_id,
        elementId: row.element_id,
        guid: row.guid,
        type: row.type,
        name: row.name,
        storey: row.storey,
      })),
      limit,
      offset,
    };
  }

  /** The whole result (up to ELEMENT_EXPORT_MAX_ROWS rows) as a CSV or XLSX file. */
  async export(userId: string, projectId: string, body: ElementExportBody): Promise<ExportFile> {
    const { plan, models, versions } = await this.#scope(
      userId,
      projectId,
      body.where,
      body.models,
    );
    const names = new Map(models.map((m) => [m.id, m.name]));
    const rows = await this.#all(versions, plan);
    const table: ExportRow[] = rows.map((row) => ({
      model: names.get(row.model_id) ?? row.model_id,
      guid: row.guid,
      type: row.type,
      name: row.name ?? '',
      storey: row.storey ?? '',
    }));
    const stamp = new Date().toISOString().slice(0, 10);
    if (body.format === 'csv') {
      return {
        filename: `elements-${stamp}.csv`,
        contentType: 'text/csv; charset=utf-8',
        bytes: toCsv(table),
      };
    }
    return {
      filename: `elements-${stamp}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: await toXlsx(table),
    };
  }

  async #all(ids: string[], plan: PlanNode) {
    return this.#d.data.transaction(async ({ elementQuery }) => {
      await elementQuery.tuneForQuery();
      const page = 10_000;
      const rows = [];
      for (let offset = 0; offset < ELEMENT_EXPORT_MAX_ROWS; offset += page) {
        const found = await elementQuery.find(ids, plan, {
          limit: Math.min(page, ELEMENT_EXPORT_MAX_ROWS - offset),
          offset,
        });
        rows.push(...found);
        if (found.length < page) break;
      }
      return rows;
    });
  }
}
