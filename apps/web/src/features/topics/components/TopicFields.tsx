import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DueDateInput } from './DueDateInput';
import {
  TOPIC_PRIORITIES,
  TOPIC_STATUSES,
  type ProjectMember,
  type Topic,
  type UpdateTopicBody,
} from '@truss/contracts';
import { inputClass } from '../../../components/ui/Field';
import { PRIORITY_KEYS, STATUS_KEYS, isPriority, isStatus } from '../labels';

const selectClass = inputClass(false, 'h-8 py-0 text-xs');

/** Status, priority, assignee, due date and labels: editable where the abilities allow. */
export function TopicFields({
  topic,
  abilities,
  members,
  onChange,
}: {
  topic: Topic;
  abilities: { edit: boolean; assign: boolean; status: boolean };
  members: readonly ProjectMember[];
  onChange: (body: UpdateTopicBody) => void;
}) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState(topic.labels.join(', '));
  const [labelsFor, setLabelsFor] = useState(topic.labels);
  if (labelsFor !== topic.labels) {
    setLabelsFor(topic.labels);
    setLabels(topic.labels.join(', '));
  }
  const saveLabels = () => {
    const next = [
      ...new Set(
        labels
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean),
      ),
    ];
    if (next.join('\n') !== topic.labels.join('\n')) onChange({ labels: next });
  };
  const people = members.filter((m) => m.kind === 'member' && m.user_id);
  const assignee = people.find((m) => m.user_id === topic.assignee_id);
  const row = (label: string, control: React.ReactNode) => (
    <div className="grid grid-cols-[6.5rem_1fr] items-center gap-2">
      <span className="text-xs text-gray-500">{label}</span>
      {control}
    </div>
  );
  return (
    <div className="flex flex-col gap-2">
      {row(
        t('topics.field.status'),
        <select
          aria-label={t('topics.field.status')}
          className={selectClass}
          value={topic.status}
          disabled={!abilities.status}
          onChange={(e) => onChange({ status: e.target.value as UpdateTopicBody['status'] })}
        >
          {!isStatus(topic.status) && <option value={topic.status}>{topic.status}</option>}
          {TOPIC_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`topics.status.${STATUS_KEYS[s]}`)}
            </option>
          ))}
        </select>,
      )}
      {topic.kind === 'issue' &&
        row(
          t('topics.field.priority'),
          <select
            aria-label={t('topics.field.priority')}
            className={selectClass}
            value={topic.priority ?? ''}
            disabled={!abilities.edit}
            onChange={(e) =>
              onChange({
                priority: isPriority(e.target.value) ? e.target.value : null,
              })
            }
          >
            <option value="">{t('topics.none')}</option>
            {TOPIC_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`topics.priority.${PRIORITY_KEYS[p]}`)}
              </option>
            ))}
          </select>,
        )}
      {topic.kind === 'issue' &&
        row(
          t('topics.field.assignee'),
          abilities.assign ? (
            <select
              aria-label={t('topics.field.assignee')}
              className={selectClass}
              value={topic.assignee_id ?? ''}
              onChange={(e) => onChange({ assigneeId: e.target.value || null })}
            >
              <option value="">{t('topics.unassigned')}</option>
              {people.map((m) => (
                <option key={m.user_id} value={m.user_id!}>
                  {m.name || m.email}
                </option>
              ))}
            </select>
          ) : (
            <span className="truncate text-xs text-gray-800">
              {assignee
                ? assignee.name || assignee.email
                : topic.assigned_to ||
                  t(topic.assignee_id ? 'topics.projectMember' : 'topics.unassigned')}
            </span>
          ),
        )}
      {topic.kind === 'issue' &&
        row(
          t('topics.field.due'),
          <DueDateInput
            label={t('topics.field.due')}
            className={selectClass}
            disabled={!abilities.edit}
            value={topic.due_date}
            onChange={(dueDate) => onChange({ dueDate })}
          />,
        )}
      {row(
        t('topics.field.labels'),
        <input
          aria-label={t('topics.field.labels')}
          className={selectClass}
          disabled={!abilities.edit}
          value={labels}
          placeholder={t('topics.labelsHint')}
          onChange={(e) => setLabels(e.target.value)}
          onBlur={saveLabels}
          onKeyDown={(e) => {
            if (e.key === 'Enter') saveLabels();
          }}
        />,
      )}
    </div>
  );
}
