import type { Locale, TOPIC_STATUSES } from '@truss/contracts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { noticeMail, oneLine } from '../../mail/templates.ts';
import type { ClaimedNotice } from './notices-repository.ts';

/** Where a notice's link leads: the project's issues page with the topic open. */
function topicUrl(publicUrl: string, projectId: string, topicId: string): string {
  return `${publicUrl}/project/${projectId}/issues?topic=${topicId}`;
}

type TopicStatus = (typeof TOPIC_STATUSES)[number];

interface NoticeTexts {
  /** Subjects carry no text typed by users (titles, names): only numbers and fixed words. */
  subject: Record<ClaimedNotice['kind'], (ref: string, status: string) => string>;
  digestSubject: (count: number) => string;
  ref: (kind: 'comment' | 'issue', number: number) => string;
  line: Record<
    ClaimedNotice['kind'],
    (actor: string, ref: string, title: string, project: string, status: string) => string
  >;
  status: Record<TopicStatus, string>;
  open: string;
  openAll: string;
  footer: string;
  /** The alt text of a topic's snapshot (with its markup drawn). */
  picture: (ref: string) => string;
}

const texts: Record<Locale, NoticeTexts> = {
  en: {
    subject: {
      assigned: (ref) => `You were assigned ${ref}`,
      mentioned: (ref) => `You were mentioned in ${ref}`,
      reply: (ref) => `New reply in ${ref}`,
      status: (ref, status) => `${ref} is now ${status}`,
    },
    digestSubject: (count) => `${count} updates on issues and comments`,
    ref: (kind, number) => `${kind === 'issue' ? 'issue' : 'comment thread'} #${number}`,
    line: {
      assigned: (actor, ref, title, project) =>
        `${actor} assigned you ${ref} "${title}" in the project "${project}".`,
      mentioned: (actor, ref, title, project) =>
        `${actor} mentioned you in ${ref} "${title}" in the project "${project}".`,
      reply: (actor, ref, title, project) =>
        `${actor} replied in your ${ref} "${title}" in the project "${project}".`,
      status: (actor, ref, title, project, status) =>
        `${actor} set ${ref} "${title}" in the project "${project}" to ${status}.`,
    },
    status: { Open: 'Open', 'In Progress': 'In Progress', Resolved: 'Resolved', Closed: 'Closed' },
    open: 'Open it',
    openAll: 'Open the issues',
    footer:
      'You get this email because notifications about issues and comments are on. Turn them off here:',
    picture: (ref) => `Snapshot of ${ref} with its markup`,
  },
  'zh-CN': {
    subject: {
      assigned: (ref) => `您被指派了${ref}`,
      mentioned: (ref) => `有人在${ref}中提到了您`,
      reply: (ref) => `${ref}有新回复`,
      status: (ref, status) => `${ref}的状态已改为「${status}」`,
    },
    digestSubject: (count) => `问题与评论有 ${count} 条更新`,
    ref: (kind, number) => `${kind === 'issue' ? '问题' : '评论'} #${number}`,
    line: {
      assigned: (actor, ref, title, project) =>
        `${actor} 将项目「${project}」中的${ref}「${title}」指派给了您。`,
      mentioned: (actor, ref, title, project) =>
        `${actor} 在项目「${project}」的${ref}「${title}」中提到了您。`,
      reply: (actor, ref, title, project) =>
        `${actor} 回复了您在项目「${project}」中发起的${ref}「${title}」。`,
      status: (actor, ref, title, project, status) =>
        `${actor} 将项目「${project}」中的${ref}「${title}」的状态改为「${status}」。`,
    },
    status: { Open: '待处理', 'In Progress': '处理中', Resolved: '已解决', Closed: '已关闭' },
    open: '查看',
    openAll: '查看问题',
    footer: '您收到此邮件是因为开启了问题与评论通知。可在此关闭：',
    picture: (ref) => `${ref}的快照（含标注）`,
  },
};

function statusText(t: NoticeTexts, status: string | null): string {
  return status && status in t.status ? t.status[status as TopicStatus] : (status ?? '');
}

/** A topic's snapshot as a mail carries it: markup drawn in (topic-pictures.ts). */
export interface TopicPicture {
  type: 'png' | 'jpg';
  bytes: Uint8Array;
}

/** Pictures in one mail: the first topics' (a digest about many shows these few). */
export const MAIL_PICTURES_MAX = 3;

/**
 * One mail for every notice that piled up for a recipient: a single notice gets a subject saying
 * what happened, several get a digest subject; each line names who did what to which topic, with
 * its link. Subjects never carry user text (titles and names are in the body only). `pictures`:
 * the topics' snapshots (with their markup), shown inline after the lines.
 */
export function topicNoticeMail(input: {
  to: string;
  locale: Locale;
  notices: readonly ClaimedNotice[];
  publicUrl: string;
  pictures?: ReadonlyMap<string, TopicPicture>;
}): OutgoingMail {
  const t = texts[input.locale];
  const { notices, publicUrl } = input;
  const first = notices[0];
  if (!first) throw new Error('a topic mail needs at least one notice');
  const lines = notices.map((notice) => {
    const ref = t.ref(notice.topic_kind, notice.topic_number);
    const line = t.line[notice.kind](
      oneLine(notice.actor_name),
      ref,
      oneLine(notice.topic_title),
      oneLine(notice.project_name),
      statusText(t, notice.status),
    );
    const url = topicUrl(publicUrl, notice.project_id, notice.topic_id);
    return notices.length === 1 ? line : `${line} ${url}`;
  });
  const single = notices.length === 1;
  const topics = [...new Map(notices.map((notice) => [notice.topic_id, notice])).values()];
  const images = topics
    .flatMap((notice) => {
      const picture = input.pictures?.get(notice.topic_id);
      if (!picture) return [];
      const ref = t.ref(notice.topic_kind, notice.topic_number);
      return [
        {
          alt: t.picture(ref),
          filename: `${notice.topic_kind}-${notice.topic_number}.${picture.type}`,
          contentType: picture.type === 'png' ? 'image/png' : 'image/jpeg',
          content: Buffer.from(picture.bytes),
        },
      ];
    })
    .slice(0, MAIL_PICTURES_MAX);
  const sameProject = notices.every((notice) => notice.project_id === first.project_id);
  return noticeMail({
    to: input.to,
    locale: input.locale,
    subject: single
      ? t.subject[first.kind](
          t.ref(first.topic_kind, first.topic_number),
          statusText(t, first.status),
        )
      : t.digestSubject(notices.length),
    lines,
    button:
      single || !sameProject
        ? { label: t.open, url: topicUrl(publicUrl, first.project_id, first.topic_id) }
        : { label: t.openAll, url: `${publicUrl}/project/${first.project_id}/issues` },
    footer: t.footer,
    publicUrl,
    images,
  });
}
