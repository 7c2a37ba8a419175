import { useTranslation } from 'react-i18next';
import { topicTypeLabel } from '../labels';
import type { ProjectMember } from '@truss/contracts';
import type { DueFilter, ExtraFilter } from '../filters';

/**
 * Type, assignee, label and due filters (the topics panel and the issues page). The type and
 * assignee selects appear only when there is something to pick from.
 */
export function TopicFilterFields({
  value,
  onChange,
  types,
  members,
  className,
}: {
  value: ExtraFilter;
  onChange: (next: ExtraFilter) => void;
  types: readonly string[];
  members: readonly ProjectMember[];
  /** Classes of each control. */
  className: string;
}) {
  const { t } = useTranslation();
  const people = members.filter((m) => m.kind === 'member' && m.user_id);
  const set = (patch: Partial<ExtraFilter>) => onChange({ ...value, ...patch });
  return (
    <>
      {types.length > 0 && (
        <select
          aria-label={t('topics.filter.type')}
          className={className}
          value={value.type}
          onChange={(e) => set({ type: e.target.value })}
        >
          <option value="">{t('topics.filter.allTypes')}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {topicTypeLabel(t, type)}
            </option>
          ))}
        </select>
      )}
      {people.length > 0 && (
        <select
          aria-label={t('topics.filter.assignee')}
          className={className}
          value={value.assignee}
          onChange={(e) => set({ assignee: e.target.value })}
        >
          <option value="">{t('topics.filter.anyone')}</option>
          <option value="none">{t('topics.unassigned')}</option>
          {people.map((m) => (
            <option key={m.user_id} value={m.user_id!}>
              {m.name || m.email}
            </option>
          ))}
        </select>
      )}
      <input
        type="search"
        aria-label={t('topics.filter.label')}
        placeholder={t('topics.filter.label')}
        className={className}
        value={value.label}
        onChange={(e) => set({ label: e.target.value })}
      />
      <select
        aria-label={t('topics.filter.due')}
        className={className}
        value={value.due}
        onChange={(e) => set({ due: e.target.value as DueFilter })}
      >
        <option value="">{t('topics.filter.anyDue')}</option>
        <option value="overdue">{t('topics.filter.overdue')}</option>
        <option value="week">{t('topics.filter.thisWeek')}</option>
        <option value="none">{t('topics.filter.noDue')}</option>
      </select>
    </>
  );
}
