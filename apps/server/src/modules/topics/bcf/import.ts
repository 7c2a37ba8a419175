import {
  BCF_TOPIC_MAX_COMMENTS,
  BCF_TOPIC_MAX_SNAPSHOT_BYTES,
  BCF_TOPIC_MAX_VIEWPOINTS,
  type BcfImportReport,
} from '@truss/contracts';
import type { Insertable } from 'kysely';
import type {
  TopicCommentsTable,
  TopicFilesTable,
  TopicRow,
  TopicsTable,
  TopicViewpointsTable,
} from '../../../db/schema.ts';
import type { TopicsRepositories } from '../repositories.ts';
import type { BcfArchive, BcfAttachment, BcfComment, BcfProblem, BcfTopic } from '@truss/bcf';
import { blankless, extrasOf, instant, json, unchanged, viewColumns } from './columns.ts';
import { matchModels } from './model-match.ts';
import { normalizeTopic } from './normalize.ts';
import { BcfTopicFullError } from '../errors.ts';
import { topicTypes } from '../writes.ts';
import { ProjectTypes, projectStatus } from './vocabulary.ts';

export interface ImportInput {
  projectId: string;
  archive: BcfArchive;
  /** What the reader could not take (kept in the report). */
  problems: BcfProblem[];
  /** IFC GlobalId -> id of the project's model that holds it. */
  owners: ReadonlyMap<string, string>;
  /** Lower-cased model name -> model id, for topics that name their model only by file. */
  modelNames: ReadonlyMap<string, string>;
  now: Date;
  /**
   * Where a BCF 3.0 topic's internal documents go (those a DocumentReference points at): stored
   * as the topic's attachments, as Truss exports its attachments. Without it (or for a 2.1 file,
   * whose document GUIDs the reader makes up), they stay BCF files of the topic.
   */
  documents?: DocumentSink;
}

/** Stores a topic's documents as attachments (inside the import's transaction). */
export interface DocumentSink {
  /** The largest document kept as an attachment (the plan's size per file). */
  maxFileBytes: number;
  store(repos: TopicsRepositories, topicId: string, documents: BcfAttachment[]): Promise<void>;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Splits a 3.0 topic's internal documents from the rest: a document referenced by its GUID and
 * small enough for the plan becomes an attachment (its reference goes with it, since the export
 * writes it again from the attachment); the others stay as they were read.
 */
function splitDocuments(
  topic: BcfTopic,
  maxFileBytes: number,
  problems: BcfProblem[],
): { topic: BcfTopic; documents: BcfAttachment[] } {
  const referenced = new Set(
    topic.documentReferences.flatMap((ref) =>
      ref.documentGuid && !ref.url ? [ref.documentGuid.toLowerCase()] : [],
    ),
  );
  const documents: BcfAttachment[] = [];
  const rest: BcfAttachment[] = [];
  for (const file of topic.attachments) {
    const ref = file.ref.toLowerCase();
    const attachable = file.kind === 'document' && GUID.test(ref) && referenced.has(ref);
    if (attachable && file.bytes.byteLength > maxFileBytes) {
      problems.push({
        guid: topic.guid,
        reason: `document "${file.filename}" kept as a BCF file: larger than the plan allows per attachment`,
      });
    }
    if (attachable && file.bytes.byteLength > 0 && file.bytes.byteLength <= maxFileBytes) {
      documents.push(file);
    } else rest.push(file);
  }
  const attached = new Set(documents.map((file) => file.ref.toLowerCase()));
  return {
    topic: {
      ...topic,
      attachments: rest,
      documentReferences: topic.documentReferences.filter(
        (ref) => !ref.documentGuid || ref.url || !attached.has(ref.documentGuid.toLowerCase()),
      ),
    },
    documents,
  };
}

export interface ImportOutcome {
  report: BcfImportReport;
  /** Models the imported topics belong to (their share pages hear about the import). */
  modelIds: string[];
}

/**
 * Writes an archive's topics into a project; call inside one transaction (all or nothing).
 * Topics are matched by GUID: known ones are updated in place (number, kind, pin and comments
 * added in Truss stay), new ones are created as issues with the next numbers. Viewpoints and
 * comments are matched by GUID within their topic the same way. Users are matched by e-mail
 * among the project's members; other names are kept as written.
 */
export async function importArchive(
  repos: TopicsRepositories,
  input: ImportInput,
): Promise<ImportOutcome> {
  const { projectId, owners, modelNames, now } = input;
  const problems = [...input.problems];
  const topics: BcfTopic[] = [];
  const seen = new Set<string>();
  const documents = new Map<string, BcfAttachment[]>();
  const sink = input.archive.version === '3.0' ? input.documents : undefined;
  for (const read of input.archive.topics) {
    const normalized = normalizeTopic(read, problems);
    if (seen.has(normalized.guid)) {
      problems.push({ guid: normalized.guid, reason: 'a second topic with this GUID left out' });
      continue;
    }
    seen.add(normalized.guid);
    const split = sink
      ? splitDocuments(normalized, sink.maxFileBytes, problems)
      : { topic: normalized, documents: [] };
    if (split.documents.length) documents.set(split.topic.guid, split.documents);
    topics.push(split.topic);
  }
  const bcf = repos.topics.bcf;
  const existing = new Map(
    (await bcf.topicsByGuid(projectId, [...seen])).map((row) => [row.guid, row] as const),
  );
  await assertRoom(repos, topics, existing);

  // Users by e-mail: authors, assignees.
  const emails = new Set<string>();
  for (const t of topics) {
    for (const who of [t.creationAuthor, t.assignedTo, ...t.comments.map((c) => c.author)]) {
      if (who?.includes('@')) emails.add(who.trim().toLowerCase());
    }
  }
  const memberByEmail = await repos.topics.bcf.memberIdsByEmail(projectId, [...emails]);
  const names = await repos.topics.userNames([...new Set(memberByEmail.values())]);
  const member = (who: string | undefined) =>
    who ? (memberByEmail.get(who.trim().toLowerCase()) ?? null) : null;
  const displayName = (who: string | undefined) => {
    const id = member(who);
    return (id && names.get(id)?.name) || who?.trim() || 'unknown';
  };

  // Statuses and types in the project's words (`OPEN` is Open); the types new to the project join it.
  const types = new ProjectTypes(await topicTypes(repos, projectId));
  const typeOf = new Map(topics.map((t) => [t.guid, types.take(t.type)] as const));
  await repos.topics.addTypes(projectId, [...types.added], now);

  const fields = (t: BcfTopic) => {
    const created = instant(t.creationDate) ?? now;
    const assigneeId = member(t.assignedTo);
    return {
      title: t.title.trim(),
      description: t.description ?? '',
      type: typeOf.get(t.guid)!,
      status: projectStatus(t.status),
      priority: t.priority?.trim() || null,
      labels: json(blankless(t.labels)),
      assignee_id: assigneeId,
      assigned_to: assigneeId ? null : t.assignedTo?.trim() || null,
      due_date: instant(t.dueDate),
      stage: t.stage?.trim() || null,
      related_guids: json(t.relatedTopics),
      bcf: json(extrasOf(t)),
      created_at: created,
      modified_at: instant(t.modifiedDate) ?? created,
      modified_by_name: t.modifiedAuthor?.trim() || null,
    };
  };

  const models = matchModels(topics, owners, modelNames);

  // Topics: new ones in batches, known ones one by one.
  const fresh = topics.filter((t) => !existing.has(t.guid));
  const first = fresh.length ? await repos.topics.reserveNumbers(projectId, fresh.length) : 0;
  const inserted = await bcf.insertTopics(
    fresh.map((t, i): Insertable<TopicsTable> => ({
      ...fields(t),
      project_id: projectId,
      model_id: models.byTopic.get(t.guid) ?? null,
      guid: t.guid,
      number: first + i,
      kind: 'issue',
      pin: json(null),
      author_id: member(t.creationAuthor),
      author_name: displayName(t.creationAuthor),
    })),
  );
  const topicIds = new Map(inserted.map((row) => [row.guid, row.id] as const));
  for (const t of topics) {
    const row: TopicRow | undefined = existing.get(t.guid);
    if (!row) continue;
    topicIds.set(t.guid, row.id);
    const patch = {
      ...fields(t),
      ...(row.model_id ? {} : { model_id: models.byTopic.get(t.guid) ?? null }),
    };
    if (!unchanged(row, patch)) await bcf.updateTopic(row.id, patch);
  }

  const knownIds = [...existing.values()].map((row) => row.id);
  const viewpointIds = await writeViewpoints(repos, topics, topicIds, knownIds, now);
  await writeComments(repos, topics, topicIds, knownIds, viewpointIds, {
    member,
    displayName,
    now,
  });
  const withFiles = topics.filter((t) => t.attachments.length || existing.has(t.guid));
  await bcf.replaceFiles(
    withFiles.map((t) => topicIds.get(t.guid)!),
    withFiles.flatMap((t) =>
      t.attachments.map((file): Insertable<TopicFilesTable> => ({
        topic_id: topicIds.get(t.guid)!,
        kind: file.kind,
        ref: file.ref,
        filename: file.filename,
        description: file.description ?? null,
        bytes: file.bytes,
      })),
    ),
  );
  for (const [guid, files] of documents) await sink!.store(repos, topicIds.get(guid)!, files);

  return {
    report: {
      created: fresh.length,
      updated: topics.length - fresh.length,
      topics: topics.map((t) => ({ guid: t.guid, title: t.title.trim() })),
      unmatchedComponents: [...models.unmatched].sort(),
      skipped: problems.map((p) => ({ guid: p.guid, reason: p.reason })),
    },
    modelIds: [...models.touched],
  };
}

/**
 * A known topic keeps what it has and gains the file's new comments and viewpoints: refused
 * (422, nothing written) when it would then hold more than a topic may. The file alone was held
 * to the same caps by the reader.
 */
async function assertRoom(
  repos: TopicsRepositories,
  topics: readonly BcfTopic[],
  existing: ReadonlyMap<string, TopicRow>,
): Promise<void> {
  if (existing.size === 0) return;
  const bcf = repos.topics.bcf;
  const ids = [...existing.values()].map((row) => row.id);
  const keysBy = <T extends { topic_id: string; guid: string }>(rows: readonly T[]) => {
    const map = new Map<string, Map<string, T>>();
    for (const row of rows) {
      let keys = map.get(row.topic_id);
      if (!keys) map.set(row.topic_id, (keys = new Map()));
      keys.set(row.guid, row);
    }
    return map;
  };
  const comments = keysBy(await bcf.commentKeys(ids));
  const snapshots = keysBy(await bcf.snapshotSizes(ids));
  for (const t of topics) {
    const row = existing.get(t.guid);
    if (!row) continue;
    const known = comments.get(row.id);
    const added = t.comments.filter((c) => !known?.has(c.guid)).length;
    const count = (known?.size ?? 0) + added;
    if (count > BCF_TOPIC_MAX_COMMENTS) {
      throw new BcfTopicFullError(`topic ${t.guid} would hold ${count} comments`);
    }
    const views = new Map(snapshots.get(row.id) ?? []);
    for (const vp of t.viewpoints) {
      views.set(vp.guid, {
        topic_id: row.id,
        guid: vp.guid,
        bytes: vp.snapshot?.bytes.length ?? 0,
      });
    }
    if (views.size > BCF_TOPIC_MAX_VIEWPOINTS) {
      throw new BcfTopicFullError(`topic ${t.guid} would hold ${views.size} viewpoints`);
    }
    let bytes = 0;
    for (const view of views.values()) bytes += view.bytes;
    if (bytes > BCF_TOPIC_MAX_SNAPSHOT_BYTES) {
      throw new BcfTopicFullError(`topic ${t.guid} would hold ${bytes} bytes of snapshots`);
    }
  }
}

/** Upserts viewpoints by (topic, GUID); returns `${topicId}/${guid}` -> viewpoint id. */
async function writeViewpoints(
  repos: TopicsRepositories,
  topics: readonly BcfTopic[],
  topicIds: ReadonlyMap<string, string>,
  knownTopicIds: readonly string[],
  now: Date,
): Promise<Map<string, string>> {
  const bcf = repos.topics.bcf;
  const ids = new Map<string, string>();
  const next = new Map<string, number>();
  for (const row of await bcf.viewpointKeys(knownTopicIds)) {
    ids.set(`${row.topic_id}/${row.guid}`, row.id);
    next.set(row.topic_id, Math.max(next.get(row.topic_id) ?? 0, row.position + 1));
  }
  const inserts: Insertable<TopicViewpointsTable>[] = [];
  for (const t of topics) {
    const topicId = topicIds.get(t.guid)!;
    for (const vp of t.viewpoints) {
      const known = ids.get(`${topicId}/${vp.guid}`);
      if (known) {
        await bcf.updateViewpoint(known, viewColumns(vp));
        continue;
      }
      const position = next.get(topicId) ?? 0;
      next.set(topicId, position + 1);
      inserts.push({
        topic_id: topicId,
        guid: vp.guid,
        position,
        ...viewColumns(vp),
        created_at: now,
      });
    }
  }
  for (const row of await bcf.insertViewpoints(inserts)) {
    ids.set(`${row.topic_id}/${row.guid}`, row.id);
  }
  return ids;
}

async function writeComments(
  repos: TopicsRepositories,
  topics: readonly BcfTopic[],
  topicIds: ReadonlyMap<string, string>,
  knownTopicIds: readonly string[],
  viewpointIds: ReadonlyMap<string, string>,
  users: {
    member: (who: string | undefined) => string | null;
    displayName: (who: string | undefined) => string;
    now: Date;
  },
): Promise<void> {
  const bcf = repos.topics.bcf;
  const known = new Map(
    (await bcf.commentKeys(knownTopicIds)).map((row) => [`${row.topic_id}/${row.guid}`, row.id]),
  );
  const inserts: Insertable<TopicCommentsTable>[] = [];
  const columns = (topicId: string, c: BcfComment) => {
    const created = instant(c.date) ?? users.now;
    const modified = instant(c.modifiedDate);
    return {
      author_id: users.member(c.author),
      author_name: users.displayName(c.author),
      text: c.text,
      viewpoint_id: c.viewpointGuid
        ? (viewpointIds.get(`${topicId}/${c.viewpointGuid}`) ?? null)
        : null,
      edited: modified !== null,
      created_at: created,
      modified_at: modified,
      modified_by_name: c.modifiedAuthor?.trim() || null,
    };
  };
  for (const t of topics) {
    const topicId = topicIds.get(t.guid)!;
    for (const c of t.comments) {
      const id = known.get(`${topicId}/${c.guid}`);
      if (id) await bcf.updateComment(id, columns(topicId, c));
      else
        inserts.push({
          topic_id: topicId,
          guid: c.guid,
          mention_ids: '[]',
          ...columns(topicId, c),
        });
    }
  }
  await bcf.insertComments(inserts);
}
