import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOPIC_PRIORITIES, type TopicKind } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Field';
import { PRIORITY_KEYS, isPriority, storedVisitorName, type TopicPriority } from '../labels';
import { VisitorName } from './VisitorName';

export interface NewTopicValues {
  title: string;
  description: string;
  priority: TopicPriority | null;
  authorName: string;
}

/** Title, text (and priority for an issue) of a new topic; the pin and view are taken on save. */
export function NewTopicForm({
  kind,
  pinned,
  visitor,
  saving,
  onSave,
  onCancel,
}: {
  kind: TopicKind;
  pinned: boolean;
  visitor: boolean;
  saving: boolean;
  onSave: (values: NewTopicValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TopicPriority | null>(null);
  const [authorName, setAuthorName] = useState(storedVisitorName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    onSave({ title: title.trim(), description, priority, authorName: authorName.trim() });
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 p-3"
      aria-label={t(`topics.new.${kind}`)}
    >
      <h3 className="text-sm font-semibold text-gray-900">{t(`topics.new.${kind}`)}</h3>
      <p className="text-xs text-gray-500">
        {pinned ? t('topics.new.pinned') : t('topics.new.unpinned')}
      </p>
      {visitor && <VisitorName value={authorName} onChange={setAuthorName} />}
      <label className="flex flex-col gap-1 text-xs text-gray-600">
        {t('topics.field.title')}
        <input
          className={inputClass(false, 'h-9 text-sm')}
          value={title}
          maxLength={255}
          required
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs text-gray-600">
        {t('topics.field.description')}
        <textarea
          className={inputClass(false, 'h-24 py-2 text-sm')}
          value={description}
          maxLength={10000}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      {kind === 'issue' && (
        <label className="flex flex-col gap-1 text-xs text-gray-600">
          {t('topics.field.priority')}
          <select
            className={inputClass(false, 'h-9 text-sm')}
            value={priority ?? ''}
            onChange={(e) => setPriority(isPriority(e.target.value) ? e.target.value : null)}
          >
            <option value="">{t('topics.none')}</option>
            {TOPIC_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`topics.priority.${PRIORITY_KEYS[p]}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          size="sm"
          loading={saving}
          disabled={!title.trim() || (visitor && !authorName.trim())}
        >
          {t('topics.new.save')}
        </Button>
      </div>
    </form>
  );
}
