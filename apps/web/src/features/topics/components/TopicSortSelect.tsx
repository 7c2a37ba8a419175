import { useTranslation } from 'react-i18next';
import type { TopicFilter } from '../api';

export type TopicSort = NonNullable<TopicFilter['sort']>;

/** The list order (the topics panel and the issues page); titles A–Z, the rest newest/highest first. */
export function topicOrder(sort: TopicSort): NonNullable<TopicFilter['order']> {
  return sort === 'title' ? 'asc' : 'desc';
}

export function TopicSortSelect({
  value,
  onChange,
  className,
}: {
  value: TopicSort;
  onChange: (next: TopicSort) => void;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={t('topics.page.sort')}
      className={className}
      value={value}
      onChange={(e) => onChange(e.target.value as TopicSort)}
    >
      <option value="modified">{t('topics.field.modified')}</option>
      <option value="number">#</option>
      <option value="priority">{t('topics.field.priority')}</option>
      <option value="due">{t('topics.field.due')}</option>
      <option value="title">{t('topics.field.title')}</option>
    </select>
  );
}
