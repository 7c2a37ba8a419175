import path from 'node:path';
import {
  ATTACHMENT_FILENAME_MAX,
  attachmentUploadQuerySchema,
  type BcfImportReport,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../lib/clock.ts';
import type { DataAccess } from '../../../repositories.ts';
import type { TopicsRepositories } from '../repositories.ts';
import type { EventPublisher } from '../../events/index.ts';
import type { ObjectStorage } from '../../storage/index.ts';
import { assertCan, loadProjectAccess } from '../../projects/index.ts';
import { writeBcf } from '@truss/bcf';
import { attachmentKeys, makeThumbnail, storedType } from '../attachments/files.ts';
import type { AttachmentPlan, AttachmentPlans } from '../attachments/service.ts';
import { displayName } from '../../users/index.ts';
import type { BcfAttachment } from '@truss/bcf';
import { exportArchive } from './export.ts';
import { MarkupSnapshots } from './markup-snapshots.ts';
import { importArchive, type DocumentSink } from './import.ts';
import { bcfGuid } from './normalize.ts';
import type { BcfReader } from './reader.ts';
import type { ElementIndex } from '../element-index.ts';
import { shareStreamKey } from '../service.ts';

export interface BcfServiceDeps {
  data: DataAccess<TopicsRepositories>;
  events: EventPublisher;
  elements: ElementIndex;
  /** Where attachments' bytes are (exported as BCF documents, imported 3.0 documents stored). */
  storage: Pick<ObjectStorage, 'get' | 'put' | 'deletePrefix' | 'stat'>;
  /** The plan of the project's owner: imported documents are attachments under its limits. */
  plans: AttachmentPlans;
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

/** A document's name as an upload's would be (no path, no control characters, not too long). */
function attachmentName(filename: string): string {
  const parsed = attachmentUploadQuerySchema.shape.name.safeParse(path.basename(filename));
  if (parsed.success) return parsed.data;
  const cleaned = [...path.basename(filename)]
    .filter((char) => char >= ' ' && char !== '\x7f' && char !== '\\')
    .join('')
    .trim()
    .slice(0, ATTACHMENT_FILENAME_MAX);
  return cleaned || 'document';
}

/**
 * BCF import and export for a project. An import reads the whole file first (a bad file stops
 * there with a 4xx), matches components against the GlobalIds of the project's ready models,
 * then writes every topic in one transaction; what it could not take is listed in the report.
 */
export class BcfService {
  readonly #d: BcfServiceDeps;
  readonly #markup: MarkupSnapshots;

  constructor(deps: BcfServiceDeps) {
    this.#markup = new MarkupSnapshots(deps.storage);
    this.#d = deps;
  }

  async import(userId: string, projectId: string, bytes: Uint8Array): Promise<BcfImportReport> {
    const { data, now } = this.#d;
    const access = await loadProjectAccess(data.repos, projectId, userId);
    assertCan(access, 'bcf.import');
    const { archive, problems } = await this.#d.reader.read(bytes);
    // Read before the transaction (the subscriptions use their own connection).
    const plan = await this.#d.plans.of(access.project.owner_id);
    const written: string[] = [];
    const documents = await this.#documentSink(userId, projectId, plan, written);
    const owners = await this.#d.elements.forProject(data.repos, projectId);
    const modelNames = new Map(
      (await data.repos.topics.bcf.readyModels(projectId)).map((m) => [
        m.name.trim().toLowerCase(),
        m.id,
      ]),
    );
    const outcome = await data
      .transaction(async (repos) => {
        assertCan(await loadProjectAccess(repos, projectId, userId), 'bcf.import');
        return importArchive(repos, {
          projectId,
          archive,
          problems,
          owners,
          modelNames,
          now: now(),
          documents,
        });
      })
      .catch(async (error: unknown) => {
        // Nothing of a refused import stays: the documents' stored bytes go with its rows.
        for (const prefix of written) await this.#d.storage.deletePrefix(prefix);
        throw error;
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

  /**
   * Stores a topic's BCF 3.0 documents as its attachments, as an upload would: the plan's size
   * per file (larger ones stayed BCF files), counted in the owner's storage (413 past it, the
   * whole import refused), the type sniffed from the bytes, a thumbnail for photos. A document
   * the topic already holds (same document GUID: the same file imported again) is skipped. The
   * importing user is the uploader (they may delete them, as their own uploads).
   */
  async #documentSink(
    userId: string,
    projectId: string,
    plan: AttachmentPlan,
    written: string[],
  ): Promise<DocumentSink> {
    const repos = this.#d.data.repos;
    const [names, users] = await Promise.all([
      repos.topics.nameFields([userId]),
      repos.topics.userNames([userId]),
    ]);
    const uploaderName =
      (names[0] && displayName(names[0])) ||
      (users.get(userId)?.email ?? '').split('@')[0] ||
      'unknown';
    const storage = this.#d.storage;
    return {
      maxFileBytes: plan.maxFileBytes,
      store: async (tx, topicId, files: BcfAttachment[]) => {
        const held = await tx.topics.attachments.forTopics([topicId]);
        const known = new Set(held.map((row) => row.document_guid.toLowerCase()));
        for (const file of files) {
          const documentGuid = file.ref.toLowerCase();
          if (known.has(documentGuid)) continue;
          known.add(documentGuid);
          await plan.assertRoom(tx, projectId, file.bytes.byteLength);
          const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length);
          const type = storedType(bytes.subarray(0, 16), undefined);
          const isImage = type.startsWith('image/');
          const thumbnail = isImage ? await makeThumbnail(bytes) : null;
          const place = { id: crypto.randomUUID(), project_id: projectId, topic_id: topicId };
          written.push(attachmentKeys.item(place));
          await storage.put(attachmentKeys.file(place), bytes, { contentType: type });
          if (thumbnail) {
            await storage.put(attachmentKeys.thumbnail(place), thumbnail, {
              contentType: 'image/jpeg',
            });
          }
          await tx.topics.attachments.insert({
            ...place,
            comment_id: null,
            document_guid: documentGuid,
            filename: attachmentName(file.filename),
            content_type: type,
            size_bytes: bytes.byteLength,
            is_image: isImage,
            has_thumbnail: thumbnail !== null,
            uploader_id: userId,
            uploader_name: uploaderName,
            created_at: this.#d.now(),
          });
        }
      },
    };
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
      markup: this.#markup,
    });
    return {
      bytes: writeBcf(archive, version),
      filename: exportFilename(access.project.name, version),
    };
  }
}
