import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import {
  TOPIC_DESCRIPTION_MAX,
  TOPIC_TITLE_MAX,
  type Topic,
  type UpdateTopicBody,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Field';

/** Mentions `@[Name](id)` are shown as `@Name`; the text is never rendered as HTML. */
export const plain = (text: string) =>
  text.replace(/@\[([^\]\n]{1,100})\]\([0-9a-f-]{36}\)/gi, '@$1');

/**
 * A topic's title and description, with an editor for those allowed (`canEdit`). Only what
 * changed is sent; `onSave` calls `done` once the server accepted it.
 */
export function TopicText({
  topic,
  canEdit,
  saving,
  onSave,
  children,
}: {
  topic: Pick<Topic, 'title' | 'description'>;
  canEdit: boolean;
  saving: boolean;
  onSave: (body: Pick<UpdateTopicBody, 'title' | 'description'>, done: () => void) => void;
  /** Shown between the title and the description (author line, snapshot). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ title: string; description: string } | null>(null);

  if (!draft) {
    return (
      <>
        <div className="mt-1 flex items-start gap-2">
          <h3 className="min-w-0 flex-1 text-base font-semibold break-words text-gray-900">
            {topic.title}
          </h3>
          {canEdit && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('topics.edit.button')}
              onClick={() => setDraft({ title: topic.title, description: topic.description })}
            >
              <Pencil className="size-4" aria-hidden />
            </Button>
          )}
        </div>
        {children}
        {topic.description && (
          <p className="text-sm whitespace-pre-wrap text-gray-800">{plain(topic.description)}</p>
        )}
      </>
    );
  }
  const title = draft.title.trim();
  return (
    <form
      className="mt-1 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!title) return;
        const body = {
          ...(title !== topic.title ? { title } : {}),
          ...(draft.description !== topic.description ? { description: draft.description } : {}),
        };
        if (Object.keys(body).length === 0) setDraft(null);
        else onSave(body, () => setDraft(null));
      }}
    >
      <input
        aria-label={t('topics.field.title')}
        className={inputClass(!title, 'h-9 text-sm')}
        value={draft.title}
        maxLength={TOPIC_TITLE_MAX}
        onChange={(e) => setDraft({ ...draft, title: e.target.value })}
      />
      {!title && <p className="text-xs text-red-700">{t('topics.edit.titleRequired')}</p>}
      <textarea
        aria-label={t('topics.field.description')}
        className={inputClass(false, 'h-28 py-2 text-sm')}
        value={draft.description}
        maxLength={TOPIC_DESCRIPTION_MAX}
        onChange={(e) => setDraft({ ...draft, description: e.target.value })}
      />
      <div className="flex justify-end gap-1">
        <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(null)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={!title} loading={saving}>
          {t('topics.edit.save')}
        </Button>
      </div>
    </form>
  );
}
