import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import type { ProjectMember, SheetPin } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { TopicAbilities } from '../abilities';
import { useCreateTopic, useTopicList, type TopicSource } from '../api';
import { storeVisitorName } from '../labels';
import { markupStore, useMarkupState } from '../markup/markup-store';
import { useSheetPinMarkers, useShowOnSheet } from '../markup/sheet-place';
import { NewTopicForm } from './NewTopicForm';
import { TopicDetail } from './TopicDetail';
import { TopicRows } from './TopicRows';

type Mode = { name: 'list' } | { name: 'new'; pin: SheetPin } | { name: 'detail'; id: string };

/**
 * A drawing's issues beside its sheets: pinned by clicking a sheet (with the markup drawn on
 * that sheet), marked on the sheet they are on, opened from the list or from their pin.
 */
export function SheetTopicsPanel({
  source,
  abilities,
  members,
  openTopicId,
}: {
  source: TopicSource;
  abilities: TopicAbilities;
  members: readonly ProjectMember[];
  openTopicId?: string | null;
}) {
  const { t } = useTranslation();
  const state = useMarkupState();
  const [mode, setMode] = useState<Mode>(
    openTopicId ? { name: 'detail', id: openTopicId } : { name: 'list' },
  );
  const list = useTopicList(source, { sort: 'number', order: 'desc' });
  const create = useCreateTopic(source);
  const topics = useMemo(() => list.data?.topics ?? [], [list.data]);

  useSheetPinMarkers(topics);
  // Show view: the topic's sheet, zoomed to its pin and markup (a URL's topic at once).
  const show = useShowOnSheet(topics, openTopicId);
  const open = (topic: (typeof topics)[number]) => {
    setMode({ name: 'detail', id: topic.id });
    show(topic);
  };
  // The sheet's layer reports a placed pin and a clicked one through the store.
  useEffect(() => {
    if (state.sheetPin) {
      setMode({ name: 'new', pin: state.sheetPin });
      markupStore.set({ sheetPin: null });
    }
    if (state.openTopicId) {
      setMode({ name: 'detail', id: state.openTopicId });
      markupStore.set({ openTopicId: null });
    }
  }, [state.sheetPin, state.openTopicId]);

  if (mode.name === 'detail') {
    return (
      <TopicDetail
        source={source}
        topicId={mode.id}
        abilities={abilities}
        members={members}
        onBack={() => setMode({ name: 'list' })}
        onShow={show}
      />
    );
  }
  if (mode.name === 'new') {
    const target = { kind: 'sheet' as const, sheetId: mode.pin.sheetId };
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <p className="border-b border-gray-100 px-3 py-2 text-xs text-gray-600">
          {t('topics.markup.withTopic')}
        </p>
        <NewTopicForm
          kind="issue"
          pinned
          visitor={abilities.visitor}
          saving={create.isPending}
          onCancel={() => setMode({ name: 'list' })}
          onSave={(values) => {
            if (abilities.visitor) storeVisitorName(values.authorName);
            create.mutate(
              {
                kind: 'issue',
                title: values.title,
                description: values.description,
                ...(values.priority ? { priority: values.priority } : {}),
                pin: mode.pin,
                markup: markupStore.drawnFor(target),
                ...(abilities.visitor ? { authorName: values.authorName } : {}),
              },
              {
                onSuccess: (topic) => {
                  markupStore.stop();
                  setMode({ name: 'detail', id: topic.id });
                },
                onError: (error) => toast.error(t('topics.saveFailed'), errorMessage(error, t)),
              },
            );
          }}
        />
      </div>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {abilities.createIssue && (
        <div className="flex flex-wrap gap-2 border-b border-gray-100 p-2">
          <Button
            size="sm"
            aria-pressed={state.pinning}
            onClick={() => markupStore.set({ pinning: !state.pinning })}
          >
            <MapPin className="size-4" aria-hidden />
            {t('topics.sheetPin.place')}
          </Button>
        </div>
      )}
      {state.pinning && (
        <p
          role="status"
          className="border-b border-brand-100 bg-brand-50 p-2 text-xs text-brand-900"
        >
          {t('topics.sheetPin.hint')}
        </p>
      )}
      <TopicRows list={list} label={t('topics.sheetPin.panel')} onOpen={open} />
    </div>
  );
}
