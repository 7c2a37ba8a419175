import {
  MENTION_PATTERN,
  TOPIC_REPORT_MAX,
  type Locale,
  type Topic,
  type TopicReportQuery,
} from '@truss/contracts';
import type { TopicAttachmentRow } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DataAccess } from '../../../repositories.ts';
import type { TopicsRepositories } from '../repositories.ts';
import {
  assertCan,
  hidesEmails,
  loadProjectAccess,
  nameWithoutEmail,
} from '../../projects/index.ts';
import { viewFor } from '../guest-view.ts';
import type { ElementIndex } from '../element-index.ts';
import { toComment, toTopic } from '../presenter.ts';
import { listFilter } from '../topic-queries.ts';
import { TopicReportTooLargeError } from '../errors.ts';
import type { ReportAttachment, ReportData, ReportSnapshot, ReportTopic } from './model.ts';
import { renderPdf } from './pdf.ts';
import { reportTexts, shownValue, type ReportTexts } from './texts.ts';
import { renderXlsx } from './xlsx.ts';

/** The newest comments a topic prints (a long thread says how many earlier ones are left out). */
export const REPORT_COMMENTS_PER_TOPIC = 50;
/** Snapshots per topic, and in all (bytes): a report of 500 topics stays well under 100 MB. */
const SNAPSHOTS_PER_TOPIC = 2;
const SNAPSHOT_BUDGET_BYTES = 48 * 1024 * 1024;

export interface ReportFile {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export interface TopicReportServiceDeps {
  data: DataAccess<TopicsRepositories>;
  now: Clock;
  /** Element names from the models' metadata ("Door-01 (IfcDoor)" for a GlobalId). */
  elements: Pick<ElementIndex, 'names'>;
  /** An image attachment's stored JPEG thumbnail. */
  thumbnail: (row: TopicAttachmentRow) => Promise<Uint8Array>;
}

/** `@[Name](user-id)` mentions as `@Name`: a report is read by people, not parsed. */
export function plainMentions(text: string): string {
  return text.replace(MENTION_PATTERN, (token) =>
    token.slice(0, token.indexOf('](')).replace('@[', '@'),
  );
}

function reportFilename(projectName: string, title: string, format: 'pdf' | 'xlsx'): string {
  const printable = [...projectName].filter((char) => char >= ' ').join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'project';
  return `${base} - ${title}.${format}`;
}

/**
 * Issue reports: a project's topics, filtered as the list filters them, as a PDF (cover, one block
 * per topic) or an XLSX (one row per topic) in the caller's language. Whoever can list the topics
 * can export them; a filter matching more than TOPIC_REPORT_MAX topics is refused before anything
 * heavy is read.
 */
export class TopicReportService {
  readonly #d: TopicReportServiceDeps;

  constructor(deps: TopicReportServiceDeps) {
    this.#d = deps;
  }

  async build(
    userId: string,
    projectId: string,
    query: TopicReportQuery,
    locale: Locale,
  ): Promise<ReportFile> {
    const data = await this.collect(userId, projectId, query, locale);
    const bytes = query.format === 'pdf' ? await renderPdf(data) : await renderXlsx(data);
    return {
      bytes,
      filename: reportFilename(data.projectName, data.texts.title, query.format),
      contentType: CONTENT_TYPES[query.format],
    };
  }

  /** Everything a report shows, read with the list's permission check and filter. */
  async collect(
    userId: string,
    projectId: string,
    query: TopicReportQuery,
    locale: Locale,
  ): Promise<ReportData> {
    const repos = this.#d.data.repos;
    const access = await loadProjectAccess(repos, projectId, userId);
    assertCan(access, 'topic.view');
    const filter = listFilter(query);
    const { total, rows } = await repos.topics.list(projectId, filter, {
      sort: query.sort,
      order: query.order,
      limit: TOPIC_REPORT_MAX + 1,
      offset: 0,
    });
    if (total > TOPIC_REPORT_MAX) {
      throw new TopicReportTooLargeError(
        `${total} topics match; a report holds ${TOPIC_REPORT_MAX}`,
      );
    }
    const texts = reportTexts(locale);
    const views = await repos.topics.viewpoints.topicViews(rows.map((row) => row.id));
    // A guest's report names people as the app shows them to a guest: without addresses.
    const view = viewFor(access);
    const topics = rows
      .map((row) => view.topic(toTopic(row, views.get(row.id), row.comment_count)))
      .map((t) => (t.author.name ? t : { ...t, author: { ...t.author, name: texts.someone } }));
    const names = await repos.topics.userNames([
      ...new Set(topics.map((t) => t.assignee_id).filter((id): id is string => !!id)),
    ]);
    if (hidesEmails(access)) {
      for (const [id, entry] of names) {
        names.set(id, {
          ...entry,
          name: nameWithoutEmail(entry.name) || texts.someone,
          email: null,
        });
      }
    }
    const elementNames = await this.#d.elements.names(
      repos,
      projectId,
      new Set(topics.map((t) => t.model_id).filter((id): id is string => !!id)),
      new Set(topics.flatMap((t) => t.focus.map((c) => c.ifcGuid ?? '')).filter(Boolean)),
    );
    const budget = { bytes: SNAPSHOT_BUDGET_BYTES, omitted: false };
    const reportTopics: ReportTopic[] = [];
    for (const topic of topics) {
      reportTopics.push(
        await this.#topic(repos, topic, { names, elementNames, texts, budget, view }),
      );
    }
    return {
      locale,
      texts,
      projectName: access.project.name,
      generatedAt: this.#d.now(),
      filter: describeFilter(query, texts, names),
      topics: reportTopics,
      snapshotsOmitted: budget.omitted,
    };
  }

  async #topic(
    repos: TopicsRepositories,
    topic: Topic,
    context: {
      names: Map<string, { name: string }>;
      elementNames: ReadonlyMap<string, string>;
      texts: ReportTexts;
      budget: { bytes: number; omitted: boolean };
      view: ReturnType<typeof viewFor>;
    },
  ): Promise<ReportTopic> {
    const { names, texts, budget, view } = context;
    const page = await repos.topics.commentPage(topic.id, { limit: REPORT_COMMENTS_PER_TOPIC });
    const comments = page.rows
      .map((row) => view.comment(toComment(row)))
      .map((comment) => ({
        author: comment.author.name || texts.someone,
        text: plainMentions(comment.text),
        createdAt: comment.created_at,
      }));
    const snapshots: ReportSnapshot[] = [];
    for (const view of topic.viewpoints.filter((v) => v.snapshot_type)) {
      if (snapshots.length >= SNAPSHOTS_PER_TOPIC) break;
      const row = await repos.topics.viewpoints.viewpointSnapshot(view.id);
      if (!row?.snapshot || !row.snapshot_type) continue;
      if (row.snapshot.byteLength > budget.bytes) {
        budget.omitted = true;
        break;
      }
      budget.bytes -= row.snapshot.byteLength;
      snapshots.push({ bytes: row.snapshot, type: row.snapshot_type });
    }
    const attachments: ReportAttachment[] = [];
    for (const row of await repos.topics.attachments.forTopics([topic.id])) {
      let thumbnail: Uint8Array | null = null;
      // Thumbnails share the snapshots' budget (each is a few dozen KB).
      if (row.has_thumbnail && budget.bytes > 0) {
        thumbnail = await this.#d.thumbnail(row).catch(() => null);
        if (thumbnail) budget.bytes -= thumbnail.byteLength;
      }
      attachments.push({ filename: row.filename, sizeBytes: Number(row.size_bytes), thumbnail });
    }
    return {
      topic,
      assignee: topic.assignee_id
        ? (names.get(topic.assignee_id)?.name ?? texts.unassigned)
        : (topic.assigned_to ?? texts.unassigned),
      comments,
      omittedComments: Math.max(0, topic.comment_count - comments.length),
      elements: elementLabels(topic, context.elementNames),
      snapshots,
      attachments,
    };
  }
}

/**
 * The elements a topic is about, by name where a model's metadata names them, else by the id the
 * viewpoint carries (GlobalId or the authoring tool's id).
 */
export function elementLabels(topic: Topic, names: ReadonlyMap<string, string>): string[] {
  return topic.focus
    .map((c) =>
      c.ifcGuid && names.has(c.ifcGuid)
        ? names.get(c.ifcGuid)!
        : (c.ifcGuid ?? c.authoringToolId ?? c.originatingSystem ?? ''),
    )
    .filter(Boolean);
}

/** The filter's set parameters as lines for the cover ("Status: Open, In Progress"). */
export function describeFilter(
  query: TopicReportQuery,
  texts: ReportTexts,
  names: Map<string, { name: string }>,
): string[] {
  const values = (list: string | undefined) =>
    list
      ?.split(',')
      .map((v) => shownValue(texts, v.trim()))
      .join(', ');
  const c = texts.column;
  const lines: [string, string | undefined][] = [
    [c.kind, query.kind && texts.kind[query.kind]],
    [c.status, values(query.status)],
    [c.type, values(query.type)],
    [
      c.assignee,
      query.assignee === 'none'
        ? texts.unassigned
        : query.assignee && (names.get(query.assignee)?.name ?? query.assignee),
    ],
    [c.labels, query.label],
    [c.dueDate, query.due === 'none' ? texts.none : undefined],
    [`${c.dueDate} ≥`, query.dueAfter?.slice(0, 10)],
    [`${c.dueDate} ≤`, query.dueBefore?.slice(0, 10)],
    [texts.search, query.q],
  ];
  return lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
}
