import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleAlert } from 'lucide-react';
import { topicCountsQuery } from '../api';

/** Open issues of one model, on its card; nothing while unknown or zero. */
export function OpenIssuesBadge({ projectId, modelId }: { projectId: string; modelId: string }) {
  const { t } = useTranslation();
  // One request per project: every card reads the same cached answer.
  const counts = useQuery({ ...topicCountsQuery(projectId), retry: false });
  const count = counts.data?.counts[modelId] ?? 0;
  if (count === 0) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-200"
      title={t('topics.badge', { count })}
      aria-label={t('topics.badge', { count })}
      data-open-issues={count}
    >
      <CircleAlert className="size-3" aria-hidden />
      {count}
    </span>
  );
}
