import { MENTION_PATTERN, TOPIC_PRIORITIES, TOPIC_STATUSES, mentionIds } from '@truss/contracts';
import type {
  TopicAttachmentRow,
  TopicCommentRow,
  TopicFileRow,
  TopicRow,
  TopicViewpointRow,
} from '../../../db/schema.ts';
import type { TopicsRepositories } from '../repositories.ts';
import type { BcfArchive, BcfComment, BcfTopic, BcfViewpoint } from '@truss/bcf';
import { displayName } from '../../users/index.ts';
import { byTopic } from '../presenter.ts';
import { topicTypes } from '../writes.ts';
import type { MarkupSnapshots } from './markup-snapshots.ts';

/** Topics per round of reads (their viewpoints, snapshots, comments and files). */
const TOPICS_PER_READ = 1000;

/** A text BCF may hold (its schemas refuse blank strings where a value is optional). */
const filled = (value: string | null | undefined) => (value?.trim() ? value : undefined);
const unique = (values: readonly (string | null | undefined)[]) => [
  ...new Set(values.map((v) => v?.trim()).filter((v): v is string => !!v)),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An address's local part; any other text as it is. */
const localPart = (value: string) => (value.includes('@') ? value.split('@')[0]! : value);

/**
 * Texts as other BCF tools should show them: Truss stores a mention as `@[Name](user-id)`, which
 * BIMcollab or Revit would print as is. Each becomes `@Name`: the user's display name, else the
 * local part of their address (never the address, never the id).
 */
async function readableMentions(
  repos: TopicsRepositories,
  texts: readonly string[],
): Promise<(text: string) => string> {
  const ids = [...new Set(texts.flatMap(mentionIds))];
  const [rows, users] = await Promise.all([
    repos.topics.nameFields(ids),
    repos.topics.userNames(ids),
  ]);
  const names = new Map<string, string>();
  for (const row of rows) {
    const name = displayName(row) ?? localPart(users.get(row.id)?.email ?? '');
    if (name) names.set(row.id, name);
  }
  return (text) =>
    text.replace(MENTION_PATTERN, (markup: string, id: string) => {
      const known = names.get(id.toLowerCase());
      if (known) return `@${known}`;
      // A user since deleted: the name the mention was written with, without its address.
      const label = localPart(markup.slice(2, markup.indexOf('](')));
      return `@${UUID.test(label) ? 'unknown' : label}`;
    });
}

function viewpointOf(row: TopicViewpointRow): BcfViewpoint {
  const viewpoint: BcfViewpoint = {
    guid: row.guid,
    view: {
      camera: row.camera,
      clippingPlanes: row.clipping_planes,
      lines: row.lines,
      bitmaps: row.bitmaps,
      selection: row.selection,
      visibility: row.visibility,
      coloring: row.coloring,
    },
  };
  const index = (row.bcf as { index?: unknown }).index;
  if (typeof index === 'number') viewpoint.index = index;
  if (row.snapshot && row.snapshot_type) {
    viewpoint.snapshot = { type: row.snapshot_type, bytes: row.snapshot };
  }
  return viewpoint;
}

function commentOf(
  row: TopicCommentRow,
  viewpointGuids: ReadonlyMap<string, string>,
  people: People,
): BcfComment {
  const comment: BcfComment = {
    guid: row.guid,
    date: row.created_at.toISOString(),
    author: people.email(row.author_id) ?? filled(row.author_name) ?? 'unknown',
    text: people.readable(row.text),
  };
  const viewpoint = row.viewpoint_id ? viewpointGuids.get(row.viewpoint_id) : undefined;
  if (viewpoint) comment.viewpointGuid = viewpoint;
  if (row.modified_at) comment.modifiedDate = row.modified_at.toISOString();
  const modifiedAuthor = filled(row.modified_by_name);
  if (row.modified_at && modifiedAuthor) comment.modifiedAuthor = modifiedAuthor;
  return comment;
}

/** A topic made in Truss names the model it is on, so a BCF tool opens the right model. */
function modelFile(
  row: TopicRow,
  modelName: (modelId: string | null) => string | undefined,
): NonNullable<TopicRow['bcf']['headerFiles']> {
  const filename = modelName(row.model_id);
  return filename ? [{ isExternal: true, filename }] : [];
}

/** How the export names people: users by address (BCF's way), mentions by name. */
interface People {
  email: (userId: string | null) => string | undefined;
  readable: (text: string) => string;
}

/** An attachment with its bytes, as the archive carries it. */
interface AttachedFile {
  row: TopicAttachmentRow;
  bytes: Uint8Array;
}

/**
 * Truss's attachments as BCF 3.0 documents: each file once in documents.xml (its document GUID)
 * and a DocumentReference on the topic (the reference GUID is the attachment's id). 2.1 writes
 * the same files beside the markup, as its internal ReferencedDocument.
 */
function attachmentDocuments(files: readonly AttachedFile[]) {
  return {
    references: files.map(({ row }) => ({
      guid: row.id,
      documentGuid: row.document_guid,
      description: row.filename,
    })),
    attachments: files.map(({ row, bytes }) => ({
      kind: 'document' as const,
      ref: row.document_guid,
      filename: row.filename,
      description: row.filename,
      bytes,
    })),
  };
}

function topicOf(
  row: TopicRow,
  parts: {
    viewpoints: TopicViewpointRow[];
    comments: TopicCommentRow[];
    files: TopicFileRow[];
    attached: AttachedFile[];
  },
  people: People,
  modelName: (modelId: string | null) => string | undefined,
): BcfTopic {
  const { email } = people;
  const extras = row.bcf;
  const viewpointGuids = new Map(parts.viewpoints.map((vp) => [vp.id, vp.guid] as const));
  const attached = attachmentDocuments(parts.attached);
  const topic: BcfTopic = {
    guid: row.guid,
    type: row.type,
    status: row.status,
    title: row.title,
    labels: unique(row.labels),
    creationDate: row.created_at.toISOString(),
    creationAuthor:
      filled(extras.creationAuthor) ?? email(row.author_id) ?? filled(row.author_name) ?? 'unknown',
    relatedTopics: row.related_guids,
    referenceLinks: extras.referenceLinks ?? [],
    documentReferences: [...(extras.documentReferences ?? []), ...attached.references],
    headerFiles: extras.headerFiles?.length ? extras.headerFiles : modelFile(row, modelName),
    comments: parts.comments.map((c) => commentOf(c, viewpointGuids, people)),
    viewpoints: parts.viewpoints.map(viewpointOf),
    attachments: [
      ...parts.files.map((file) => ({
        kind: file.kind,
        ref: file.ref,
        filename: file.filename,
        ...(file.description ? { description: file.description } : {}),
        bytes: file.bytes,
      })),
      ...attached.attachments,
    ],
  };
  const optional: Partial<BcfTopic> = {
    priority: filled(row.priority),
    index: extras.index,
    serverAssignedId: extras.serverAssignedId,
    modifiedDate:
      row.modified_at.getTime() !== row.created_at.getTime()
        ? row.modified_at.toISOString()
        : undefined,
    modifiedAuthor: filled(row.modified_by_name) ?? filled(extras.modifiedAuthor),
    dueDate: row.due_date?.toISOString(),
    assignedTo: (row.assignee_id ? email(row.assignee_id) : undefined) ?? filled(row.assigned_to),
    stage: filled(row.stage),
    description: filled(people.readable(row.description)),
    bimSnippet: extras.bimSnippet,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (topic as unknown as Record<string, unknown>)[key] = value;
  }
  return topic;
}

/**
 * A project's topics (all, or those GUIDs) as a BCF archive: viewpoints with snapshots,
 * comments, kept files and fields, users by e-mail, and the project's lists as extensions.
 */
export async function exportArchive(
  repos: TopicsRepositories,
  project: { id: string; name: string },
  guids?: readonly string[],
  stored?: {
    attachmentBytes: (row: TopicAttachmentRow) => Promise<Uint8Array>;
    /** Draws topics' markup into their snapshots (markup-snapshots.ts). */
    markup?: MarkupSnapshots;
  },
): Promise<Omit<BcfArchive, 'version'>> {
  const rows = await repos.topics.bcf.exportTopics(project.id, guids);
  const models = new Map(
    (await repos.topics.bcf.readyModels(project.id)).map((m) => [m.id, m.name] as const),
  );
  const modelName = (id: string | null) => (id ? models.get(id) : undefined);
  const topics: BcfTopic[] = [];
  for (let i = 0; i < rows.length; i += TOPICS_PER_READ) {
    const part = rows.slice(i, i + TOPICS_PER_READ);
    const ids = part.map((row) => row.id);
    const [viewpoints, files, attachmentRows] = await Promise.all([
      repos.topics.viewpoints.viewpointsWithSnapshots(ids),
      repos.topics.files(ids),
      stored ? repos.topics.attachments.forTopics(ids) : [],
    ]);
    // One file at a time: each is at most the plan's size per attachment.
    const attached: (AttachedFile & { topic_id: string })[] = [];
    for (const row of attachmentRows) {
      attached.push({ row, topic_id: row.topic_id, bytes: await stored!.attachmentBytes(row) });
    }
    // Threads are read page by page (a thread of any length is never one query's answer).
    const comments: TopicCommentRow[] = [];
    for await (const page of repos.topics.commentPages(ids)) {
      for (const comment of page) comments.push(comment);
    }
    const userIds = new Set<string>();
    for (const row of part)
      for (const id of [row.author_id, row.assignee_id]) if (id) userIds.add(id);
    for (const c of comments) if (c.author_id) userIds.add(c.author_id);
    const users = await repos.topics.userNames([...userIds]);
    // A user without an address (a WeChat sign-up) is named by the author name instead.
    const email = (id: string | null) => (id ? (users.get(id)?.email ?? undefined) : undefined);
    const readable = await readableMentions(repos, [
      ...part.map((row) => row.description),
      ...comments.map((c) => c.text),
    ]);
    const [vps, cs, fs, as] = [
      byTopic(viewpoints),
      byTopic(comments),
      byTopic(files),
      byTopic(attached),
    ];
    for (const row of part) {
      const topic = topicOf(
        row,
        {
          viewpoints: vps.get(row.id) ?? [],
          comments: cs.get(row.id) ?? [],
          files: fs.get(row.id) ?? [],
          attached: as.get(row.id) ?? [],
        },
        { email, readable },
        modelName,
      );
      if (stored?.markup)
        topic.viewpoints = await stored.markup.apply(repos, row, topic.viewpoints);
      topics.push(topic);
    }
  }
  const used = (pick: (t: BcfTopic) => string | undefined) => topics.map(pick);
  return {
    project: { id: project.id, name: project.name },
    extensions: {
      topicTypes: unique([...(await topicTypes(repos, project.id)), ...used((t) => t.type)]),
      topicStatuses: unique([...TOPIC_STATUSES, ...used((t) => t.status)]),
      priorities: unique([...TOPIC_PRIORITIES, ...used((t) => t.priority)]),
      topicLabels: unique(topics.flatMap((t) => t.labels)),
      users: unique([
        ...(await repos.topics.bcf.memberEmails(project.id)),
        ...used((t) => t.assignedTo),
      ]),
      snippetTypes: unique(used((t) => t.bimSnippet?.snippetType)),
      stages: unique(used((t) => t.stage)),
    },
    topics,
  };
}
