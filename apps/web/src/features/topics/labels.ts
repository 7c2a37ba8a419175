import {
  DEFAULT_TOPIC_TYPES,
  TOPIC_PRIORITIES,
  TOPIC_STATUSES,
  type ProjectMember,
  type Topic,
} from '@truss/contracts';
import type { TFunction } from 'i18next';

export type TopicStatus = (typeof TOPIC_STATUSES)[number];
export type TopicPriority = (typeof TOPIC_PRIORITIES)[number];

/** Status -> i18n key suffix (the API's values are BCF's English words). */
export const STATUS_KEYS: Record<TopicStatus, 'open' | 'inProgress' | 'resolved' | 'closed'> = {
  Open: 'open',
  'In Progress': 'inProgress',
  Resolved: 'resolved',
  Closed: 'closed',
};
export const PRIORITY_KEYS: Record<TopicPriority, 'low' | 'normal' | 'high' | 'critical'> = {
  Low: 'low',
  Normal: 'normal',
  High: 'high',
  Critical: 'critical',
};

/** Pin colours by status (0xRRGGBB) and the matching badge classes. */
const PIN_COLORS: Record<string, number> = {
  Open: 0xdc2626,
  'In Progress': 0xd97706,
  Resolved: 0x16a34a,
  Closed: 0x6b7280,
};
export const pinColor = (topic: Pick<Topic, 'status' | 'kind'>): number =>
  PIN_COLORS[topic.status] ?? (topic.kind === 'comment' ? 0x2563eb : 0xdc2626);

export const STATUS_BADGE: Record<string, string> = {
  Open: 'bg-red-50 text-red-700 ring-red-200',
  'In Progress': 'bg-amber-50 text-amber-800 ring-amber-200',
  Resolved: 'bg-green-50 text-green-700 ring-green-200',
  Closed: 'bg-gray-100 text-gray-700 ring-gray-200',
};

/**
 * A topic type in the interface language: the default types (stored in English, as BCF files
 * carry them) are translated; a project's or a BCF file's own types are shown as written.
 */
export function topicTypeLabel(t: TFunction, type: string): string {
  return (DEFAULT_TOPIC_TYPES as readonly string[]).includes(type)
    ? t(`topics.types.${type as (typeof DEFAULT_TOPIC_TYPES)[number]}`)
    : type;
}

/**
 * Who wrote a topic or comment, by display name where one exists: a member without one at the
 * time is written by address, and keeps that name after setting one. '' means "Project member".
 */
export function authorLabel(
  author: Pick<Topic['author'], 'user_id' | 'name'>,
  members: readonly Pick<ProjectMember, 'user_id' | 'name'>[],
): string {
  const member = author.user_id ? members.find((m) => m.user_id === author.user_id) : undefined;
  return member?.name || author.name;
}

export const isStatus = (value: string): value is TopicStatus =>
  (TOPIC_STATUSES as readonly string[]).includes(value);
export const isPriority = (value: string): value is TopicPriority =>
  (TOPIC_PRIORITIES as readonly string[]).includes(value);

/** Statuses that count as open (filters, badges). */
export const OPEN_STATUSES: TopicStatus[] = ['Open', 'In Progress'];

const VISITOR_NAME_KEY = 'truss.visitorName';
export function storedVisitorName(): string {
  try {
    return localStorage.getItem(VISITOR_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}
export function storeVisitorName(name: string): void {
  try {
    localStorage.setItem(VISITOR_NAME_KEY, name);
  } catch (error) {
    console.warn('[topics] the display name could not be kept', error);
  }
}
