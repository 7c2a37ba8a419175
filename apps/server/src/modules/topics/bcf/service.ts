import type { BcfImportReport } from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../lib/clock.ts';
import type { DataAccess } from '../../../repositories.ts';
import type { TopicsRepositories } from '../repositories.ts';
import type { EventPublisher } from '../../events/index.ts';
import type { ObjectStorage } from '../../storage/index.ts';
import { assertCan, loadProjectAccess } from '../../projects/index.ts';
import { writeBcf } from '@truss/bcf';
import { attachmentKeys } from '../attachments/files.ts';
import { exportArchive } from './export.ts';
import { importArchive } from './import.ts';
import { bcfGuid } from './normalize.ts';
import type { BcfReader } from './reader.ts';
import type { ElementIndex } from '../element-index.ts';
import { shareStreamKey } from '../service.ts';

export interface BcfServiceDeps {
  data: DataAccess<TopicsRepositories>;
  events: EventPublisher;
  elements: ElementIndex;
  /** Where attachments' bytes are (exported as BCF documents). */
  storage: Pick<ObjectStorage, 'get'>;
  /** Reads files in worker threads (never on the event loop). */
  reader: Pick<BcfReader, 'read'>;
  now: Clock;
  log: FastifyBaseLogger;
}

export interface BcfFile {
  bytes: Uint8Array;
  filename: string;
}

/** A file name from the project's name (the download's Content-Disposition). */
function exportFilename(projectName: string, version: '3.0' | '2.1'): string {
  const printable = [...projectName].filter((char) => char >= ' ').join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'project';
  return `${base} (BCF ${version}).bcf`;
}

/**
 * BCF import and export for a project. An import reads the whole file first (a bad file stops
 * there with a 4xx), matches components against the GlobalIds of the project's ready models,
 * then writes every topic in one transaction; what it could not take is listed in the report.
 */
export class BcfService {
  readonly #d: BcfServiceDeps;

  constructor(deps: BcfServiceDeps) {
    this.#d = deps;
  }

  async import(userId: string, projectId: string, bytes: Uint8Array): Promise<BcfImportReport> {
    const { data, now } = this.#d;
    assertCan(await loadProjectAccess(data.repos, projectId, userId), 'bcf.import');
    const { archive, problems } = await this.#d.reader.read(bytes);
    const owners = await this.#d.elements.forProject(data.repos, projectId);
    const modelNames = new Map(
      (await data.repos.topics.bcf.readyModels(projectId)).map((m) => [
        m.name.trim().toLowerCase(),
        m.id,
      ]),
    );
    const outcome = await data.transaction(async (repos) => {
      assertCan(await loadProjectAccess(repos, projectId, userId), 'bcf.import');
      return importArchive(repos, { projectId, archive, problems, owners, modelNames, now: now() });
    });
    const shares = (
      await Promise.all(
        outcome.modelIds.map((id) => data.repos.topics.liveShareIds(id, now()).catch(() => [])),
      )
    ).flat();
    await this.#d.events.publish(
      {
        type: 'topics.imported',
        projectId,
        data: {
          created: outcome.report.created,
          updated: outcome.report.updated,
          modelIds: outcome.modelIds,
        },
      },
      { userIds: shares.map(shareStreamKey) },
    );
    return outcome.report;
  }

  async export(
    userId: string,
    projectId: string,
    version: '3.0' | '2.1',
    guids?: readonly string[],
  ): Promise<BcfFile> {
    const repos = this.#d.data.repos;
    const access = await loadProjectAccess(repos, projectId, userId);
    assertCan(access, 'bcf.export');
    const storage = this.#d.storage;
    const archive = await exportArchive(repos, access.project, guids?.map(bcfGuid), {
      attachmentBytes: async (row) =>
        Buffer.concat(await (await storage.get(attachmentKeys.file(row))).toArray()),
    });
    return {
      bytes: writeBcf(archive, version),
      filename: exportFilename(access.project.name, version),
    };
  }
}
