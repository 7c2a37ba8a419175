import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopicList } from '@truss/contracts';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { StatusBadge } from './StatusBadge';

type ListedTopic = TopicList['topics'][number];

/**
 * A panel's list of topics, one button a row (number or kind, status, comments, title, and what
 * `below` adds), with the list's loading, failed and empty states. The model's issues panel and
 * a drawing's sheet issues panel both list theirs with it.
 */
export function TopicRows({
  list,
  label,
  onOpen,
  below,
}: {
  list: { isPending: boolean; error: unknown; data?: TopicList | undefined };
  label: string;
  onOpen: (topic: ListedTopic) => void;
  /** A line under the title (the model a federated view's topic is on). */
  below?: (topic: ListedTopic) => ReactNode;
}) {
  const { t } = useTranslation();
  const topics = list.data?.topics ?? [];
  if (list.isPending) return <Spinner className="m-6 size-5" label={t('common.loading')} />;
  if (list.error) return <p className="p-3 text-sm text-red-700">{errorMessage(list.error, t)}</p>;
  if (topics.length === 0) return <p className="p-3 text-sm text-gray-500">{t('topics.empty')}</p>;
  return (
    <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={label}>
      {topics.map((topic) => (
        <li key={topic.id}>
          <button
            type="button"
            data-topic-row={topic.id}
            onClick={() => onOpen(topic)}
            className="flex w-full flex-col gap-1 border-b border-gray-100 px-3 py-2 text-left hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-none"
          >
            <span className="flex items-center gap-2 text-xs text-gray-500">
              {topic.kind === 'issue' ? `#${topic.number}` : t('topics.kind.comment')}
              <StatusBadge status={topic.status} />
              <span className="ml-auto">
                {t('topics.comments', { count: topic.comment_count })}
              </span>
            </span>
            <span className="truncate text-sm font-medium text-gray-900">{topic.title}</span>
            {below?.(topic)}
          </button>
        </li>
      ))}
    </ul>
  );
}
