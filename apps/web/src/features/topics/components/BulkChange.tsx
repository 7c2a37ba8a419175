import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TOPIC_STATUSES,
  type ProjectMember,
  type Topic,
  type UpdateTopicBody,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { TopicAbilities } from '../abilities';
import { useBulkUpdateTopics } from '../api';
import { STATUS_KEYS } from '../labels';

/**
 * The issues page's bulk change of the picked rows: status and/or assignee. Each change goes
 * only to the picked topics whose change `can()` allows the user.
 */
export function BulkChange({
  picked,
  abilities,
  members,
  className,
  onDone,
}: {
  picked: readonly Topic[];
  abilities: Pick<TopicAbilities, 'topic'>;
  members: readonly ProjectMember[];
  /** Classes of the selects. */
  className: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  /** '' leaves the assignee, 'none' clears it, else a user id. */
  const [assignee, setAssignee] = useState('');
  const bulk = useBulkUpdateTopics();
  const people = members.filter((m) => m.kind === 'member' && m.user_id);

  const apply = () => {
    const body: UpdateTopicBody = {
      ...(status ? { status: status as UpdateTopicBody['status'] } : {}),
      ...(assignee ? { assigneeId: assignee === 'none' ? null : assignee } : {}),
    };
    const ids = picked
      .filter((topic) => {
        const may = abilities.topic(topic);
        return (!status || may.status) && (!assignee || may.assign);
      })
      .map((topic) => topic.id);
    if (Object.keys(body).length === 0 || ids.length === 0) return;
    bulk.mutate(
      { ids, body },
      {
        onSuccess: () => {
          toast.success(t(status ? 'topics.page.bulkDone' : 'topics.page.assigneeDone'));
          setStatus('');
          setAssignee('');
          onDone();
        },
        onError: (error) => toast.error(t('topics.saveFailed'), errorMessage(error, t)),
      },
    );
  };

  return (
    <div className="ml-auto flex items-center gap-2" role="group">
      <span className="text-sm text-gray-600">
        {t('topics.page.selected', { count: picked.length })}
      </span>
      <select
        aria-label={t('topics.page.setStatus')}
        className={className}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
      >
        <option value="">{t('topics.page.setStatus')}</option>
        {TOPIC_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`topics.status.${STATUS_KEYS[s]}`)}
          </option>
        ))}
      </select>
      <select
        aria-label={t('topics.page.setAssignee')}
        className={className}
        value={assignee}
        onChange={(e) => setAssignee(e.target.value)}
      >
        <option value="">{t('topics.page.setAssignee')}</option>
        <option value="none">{t('topics.unassigned')}</option>
        {people.map((m) => (
          <option key={m.user_id} value={m.user_id!}>
            {m.name || m.email}
          </option>
        ))}
      </select>
      <Button size="sm" onClick={apply} disabled={!status && !assignee} loading={bulk.isPending}>
        {t('topics.page.apply')}
      </Button>
    </div>
  );
}
