import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStorage } from '../../storage/index.ts';
import { attachmentKeys } from './files.ts';

interface AttachmentPlace {
  id: string;
  project_id: string;
  topic_id: string;
}

/**
 * Removes attachments' stored bytes once their rows are gone (a deleted file, comment, topic or
 * project: the rows go by ON DELETE CASCADE). Runs after the commit; a failure leaves
 * unreachable bytes and is logged, never an error for the request that deleted them.
 */
export class AttachmentCleanup {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  async attachments(rows: readonly AttachmentPlace[]): Promise<void> {
    for (const row of rows) await this.#remove(attachmentKeys.item(row));
  }

  async topic(topic: { id: string; project_id: string }): Promise<void> {
    await this.#remove(attachmentKeys.topic(topic.project_id, topic.id));
  }

  async project(projectId: string): Promise<void> {
    await this.#remove(attachmentKeys.project(projectId));
  }

  async #remove(prefix: string): Promise<void> {
    await this.storage.deletePrefix(prefix).catch((error: unknown) => {
      this.log.warn({ err: error, prefix }, 'attachment files could not be removed');
    });
  }
}
