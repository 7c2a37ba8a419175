import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Highlighter } from 'lucide-react';
import type { MarkupInput, Topic } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { markupStore, markupTarget, useMarkupState, type MarkupTarget } from './markup-store';

/**
 * An opened topic's markup: shown over its view while the topic is open (kept up to date when
 * someone else changes it), and edited from here until the topic is closed.
 */
export function TopicMarkupControls({
  topic,
  canEdit,
  saving,
  onSave,
}: {
  topic: Pick<Topic, 'id' | 'status' | 'markup' | 'sheet_id'>;
  canEdit: boolean;
  saving: boolean;
  onSave: (markup: MarkupInput | null, done: () => void) => void;
}) {
  const { t } = useTranslation();
  const state = useMarkupState();
  const markup = topic.markup;
  useEffect(() => {
    markupStore.set({ shown: markup });
    return () => markupStore.set({ shown: null });
  }, [markup]);
  // Leaving the topic while editing its markup drops the unsaved shapes.
  useEffect(
    () => () => {
      if (markupStore.get().topicId === topic.id) markupStore.stop();
    },
    [topic.id],
  );
  const editingThis = state.topicId === topic.id && !!state.editing;
  const closed = topic.status === 'Closed';
  const target: MarkupTarget = markup
    ? markupTarget(markup)
    : topic.sheet_id
      ? { kind: 'sheet', sheetId: topic.sheet_id }
      : { kind: 'view' };
  if (!markup && !canEdit) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-topic-markup="">
      <Highlighter className="size-4 text-gray-500" aria-hidden />
      <span className="text-gray-600">
        {t('topics.markup.shapes', { count: markup?.shapes.length ?? 0 })}
      </span>
      {canEdit && !closed && !editingThis && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            markupStore.start(target, markup?.shapes ?? [], topic.id, markup?.aspect ?? null)
          }
        >
          {t('topics.markup.edit')}
        </Button>
      )}
      {editingThis && (
        <>
          <Button
            size="sm"
            disabled={saving}
            onClick={() => onSave(markupStore.edited(target), () => markupStore.stop())}
          >
            {t('topics.markup.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => markupStore.stop()}>
            {t('common.cancel')}
          </Button>
        </>
      )}
      {canEdit && closed && (
        <span className="text-xs text-gray-500">{t('topics.markup.closed')}</span>
      )}
    </div>
  );
}
