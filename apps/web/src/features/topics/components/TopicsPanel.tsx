import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MapPin, MessageSquarePlus, Plus } from 'lucide-react';
import type { Pin, ProjectMember, Topic, TopicKind } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { sheetFocus, type LoadedModelInfo, type Viewer } from '../../viewer';
import type { TopicAbilities } from '../abilities';
import {
  blobToBase64,
  topicTypesQuery,
  useCreateTopic,
  useTopicList,
  viewpointQuery,
  type TopicFilter,
  type TopicSource,
} from '../api';
import { extraFilterQuery, NO_EXTRA_FILTER, type ExtraFilter } from '../filters';
import { OPEN_STATUSES, storeVisitorName } from '../labels';
import { usePins } from '../usePins';
import {
  fromViewState,
  framedModel,
  modelResolver,
  toPin,
  toViewState,
  type FramedModel,
} from '../viewstate';
import { NewTopicForm, type NewTopicValues } from './NewTopicForm';
import { TopicRows } from './TopicRows';
import { markupStore } from '../markup/markup-store';
import { topicSheetPlace, useSheetPinMarkers } from '../markup/sheet-place';
import { TopicDetail } from './TopicDetail';
import { TopicFilterFields } from './TopicFilterFields';
import { topicOrder, TopicSortSelect, type TopicSort } from './TopicSortSelect';

type Mode =
  | { name: 'list' }
  | { name: 'placing'; kind: TopicKind }
  | { name: 'new'; kind: TopicKind; pin: Pin | null; model: FramedModel }
  | { name: 'detail'; id: string };

type StatusFilter = 'open' | 'all' | 'closed';

/** The federated view's models: topics of all of them, each new one on the model it is about. */
interface TopicScene {
  /** In the page's order: a new topic about no element goes on the first. */
  models: readonly FramedModel[];
  /** Model id -> name, shown on each topic. */
  names: Readonly<Record<string, string>>;
}

/**
 * Comments and issues of the model in the viewer: a filtered list, a topic's detail with its
 * comments, and new topics placed by clicking the model. The same panel serves members (model
 * page) and share visitors (share page); `abilities` says what it offers.
 */
export function TopicsPanel({
  viewer,
  info,
  source,
  abilities,
  members = [],
  openTopicId,
  scene,
}: {
  viewer: Viewer | null;
  /** The model page's loaded model (null until loaded); unused with `scene`. */
  info: LoadedModelInfo | null;
  source: TopicSource;
  abilities: TopicAbilities;
  members?: readonly ProjectMember[];
  /** Open this topic once the model is loaded (`?topic=` in the URL). */
  openTopicId?: string | null;
  /** Several models in one view (the federated page); null until they are loaded. */
  scene?: TopicScene | null;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(() =>
    openTopicId ? { name: 'detail', id: openTopicId } : { name: 'list' },
  );
  const [kind, setKind] = useState<'' | TopicKind>('');
  const [status, setStatus] = useState<StatusFilter>('open');
  const [search, setSearch] = useState('');
  const [extra, setExtra] = useState<ExtraFilter>(NO_EXTRA_FILTER);
  const [sort, setSort] = useState<TopicSort>('modified');
  const filter: TopicFilter = useMemo(
    () => ({
      ...(kind ? { kind } : {}),
      ...extraFilterQuery(extra, new Date()),
      ...(status === 'open'
        ? { status: OPEN_STATUSES }
        : status === 'closed'
          ? { status: ['Resolved', 'Closed'] }
          : {}),
      q: search,
      sort,
      order: topicOrder(sort),
    }),
    [kind, status, search, extra, sort],
  );
  const list = useTopicList(source, filter);
  const types = useQuery({
    ...topicTypesQuery(source.kind === 'member' ? source.projectId : ''),
    enabled: source.kind === 'member',
  });
  const topics = useMemo(() => list.data?.topics ?? [], [list.data]);
  const resolver = useMemo(() => {
    if (scene !== undefined) return scene?.models.length ? modelResolver(scene.models) : null;
    if (!info) return null;
    return modelResolver([
      framedModel(info, source.kind === 'member' ? source.modelId : undefined),
    ]);
  }, [scene, info, source]);
  const first = resolver?.models[0] ?? null;
  const create = useCreateTopic(source);
  const queryClient = useQueryClient();

  // The topic last asked to be shown: a viewpoint that arrives after another was asked for is
  // not applied.
  const showing = useRef<string | null>(null);
  const show = useCallback(
    (topic: Topic) => {
      // A topic on a storey plan: the plan opens beside, zoomed to its pin and markup.
      const place = topicSheetPlace(topic);
      if (place) sheetFocus.request(place.sheetId, place.bounds);
      const summary = topic.viewpoints[0];
      const home = resolver?.home(topic.model_id);
      if (!viewer || !resolver || !home || !summary) return;
      showing.current = summary.id;
      // Topics carry viewpoint summaries; its components come from its own route (cached).
      queryClient
        .fetchQuery(viewpointQuery(source, topic.id, summary.id))
        .then((state) => {
          if (showing.current !== summary.id) return;
          const viewpoint = fromViewState(state, resolver, home, viewer.getViewpoint());
          // With 3D markup, the whole frame it was drawn in shows (a narrower screen widens
          // the view), so the markup stays over what it marks.
          const aspect = topic.markup?.sheet_id === null ? topic.markup.aspect : null;
          if (aspect) viewpoint.camera.aspect = aspect;
          viewer.pins.goTo(viewpoint);
        })
        .catch((error: unknown) => {
          console.warn('[topics] the viewpoint could not be applied', error);
          toast.info(t('topics.viewpointBroken'));
        });
    },
    [viewer, resolver, source, queryClient, t],
  );
  const open = useCallback(
    (id: string) => {
      setMode({ name: 'detail', id });
      const topic = topics.find((x) => x.id === id);
      if (topic) show(topic);
    },
    [topics, show],
  );
  usePins(viewer, resolver, topics, mode.name === 'detail' ? mode.id : null, open);
  // Topics pinned on the model's storey plans, marked there.
  useSheetPinMarkers(topics);

  // A topic named in the URL: show its view once the model (and so the resolver) is there.
  const [shownFromUrl, setShownFromUrl] = useState(false);
  useEffect(() => {
    if (shownFromUrl || !openTopicId || !resolver) return;
    const topic = topics.find((x) => x.id === openTopicId);
    if (!topic) return;
    setShownFromUrl(true);
    show(topic);
  }, [shownFromUrl, openTopicId, resolver, topics, show]);

  // Placing: the next click on the model gives the pin; Esc (engine) or Cancel stops.
  useEffect(() => {
    if (!viewer || mode.name !== 'placing') return;
    viewer.pins.startPlacing();
    const offPlace = viewer.on('pin-place', (hit) => {
      if (!resolver || !first) return;
      const { pin, model } = toPin(resolver, first, hit.point, hit.elementId);
      setMode({ name: 'new', kind: mode.kind, pin, model });
    });
    const offTool = viewer.on('tool-change', ({ tool }) => {
      if (tool !== 'pin-place') setMode((m) => (m.name === 'placing' ? { name: 'list' } : m));
    });
    return () => {
      offPlace();
      offTool();
      if (viewer.getTool() === 'pin-place') viewer.setTool('select');
    };
  }, [viewer, mode, resolver, first]);

  /**
   * A pin at the centre of the current selection (for "New issue" about selected elements), on
   * the model of the first selected element.
   */
  const selectionPin = (): { pin: Pin; model: FramedModel } | null => {
    const ids = viewer?.selection.get() ?? [];
    const box = viewer && resolver && ids.length ? viewer.boxOf(ids) : null;
    if (!box || !resolver || !first) return null;
    const [min, max] = box;
    const centre: [number, number, number] = [
      (min[0] + max[0]) / 2,
      (min[1] + max[1]) / 2,
      (min[2] + max[2]) / 2,
    ];
    const pinned = toPin(resolver, first, centre, ids[0]!);
    return ids.length === 1
      ? pinned
      : { ...pinned, pin: { ...pinned.pin, elementId: null, globalId: null } };
  };

  const save = async (values: NewTopicValues) => {
    if (mode.name !== 'new' || !viewer || !resolver) return;
    try {
      const shot = await viewer.pins.capture();
      const aspect = shot.width / Math.max(1, shot.height);
      const viewpoint = {
        ...toViewState(shot.viewpoint, resolver, mode.model, aspect),
        snapshotBase64: await blobToBase64(shot.snapshot),
      };
      if (abilities.visitor) storeVisitorName(values.authorName);
      const topic = await create.mutateAsync({
        kind: mode.kind,
        title: values.title,
        description: values.description,
        ...(mode.kind === 'issue' && values.priority ? { priority: values.priority } : {}),
        pin: mode.pin,
        viewpoints: [viewpoint],
        // Drawn over the 3D view while making it: in 0..1 of the view, as the snapshot is.
        markup: markupStore.drawnFor({ kind: 'view' }),
        ...(abilities.visitor ? { authorName: values.authorName } : {}),
        ...(scene ? { modelId: mode.model.modelId } : {}),
      });
      markupStore.stop();
      setMode({ name: 'detail', id: topic.id });
    } catch (error) {
      toast.error(t('topics.saveFailed'), errorMessage(error, t));
    }
  };

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
    return (
      <NewTopicForm
        kind={mode.kind}
        pinned={!!mode.pin}
        visitor={abilities.visitor}
        saving={create.isPending}
        onSave={(values) => void save(values)}
        onCancel={() => setMode({ name: 'list' })}
      />
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap gap-2 border-b border-gray-100 p-2">
        {abilities.createIssue && (
          <Button
            size="sm"
            disabled={!viewer || !resolver}
            onClick={() => setMode({ name: 'placing', kind: 'issue' })}
          >
            <Plus className="size-4" aria-hidden />
            {t('topics.new.issue')}
          </Button>
        )}
        {abilities.createComment && (
          <Button
            size="sm"
            variant="secondary"
            disabled={!viewer || !resolver}
            onClick={() => setMode({ name: 'placing', kind: 'comment' })}
          >
            <MessageSquarePlus className="size-4" aria-hidden />
            {t('topics.new.comment')}
          </Button>
        )}
      </div>
      {mode.name === 'placing' && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 border-b border-brand-100 bg-brand-50 p-2 text-xs text-brand-900"
        >
          <MapPin className="size-4" aria-hidden />
          <span className="flex-1">{t('topics.placeHint')}</span>
          {selectionPin() && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                const at = selectionPin();
                if (at) setMode({ name: 'new', kind: mode.kind, ...at });
              }}
            >
              {t('topics.atSelection')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={!first}
            onClick={() =>
              first && setMode({ name: 'new', kind: mode.kind, pin: null, model: first })
            }
          >
            {t('topics.noPin')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMode({ name: 'list' })}>
            {t('common.cancel')}
          </Button>
        </div>
      )}
      <div className="flex flex-col gap-2 border-b border-gray-100 p-2">
        <input
          type="search"
          aria-label={t('topics.search')}
          placeholder={t('topics.search')}
          className={inputClass(false, 'h-8 text-sm')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {/* Two a row, as the filters below: three a row cut their labels ("All kin…"). */}
        <div className="grid grid-cols-2 gap-2">
          <select
            aria-label={t('topics.filter.kind')}
            className={inputClass(false, 'h-8 py-0 text-xs')}
            value={kind}
            onChange={(e) => setKind(e.target.value as '' | TopicKind)}
          >
            <option value="">{t('topics.filter.allKinds')}</option>
            <option value="issue">{t('topics.kind.issue')}</option>
            <option value="comment">{t('topics.kind.comment')}</option>
          </select>
          <select
            aria-label={t('topics.filter.status')}
            className={inputClass(false, 'h-8 py-0 text-xs')}
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
          >
            <option value="open">{t('topics.filter.open')}</option>
            <option value="closed">{t('topics.filter.closed')}</option>
            <option value="all">{t('topics.filter.all')}</option>
          </select>
          <TopicSortSelect
            value={sort}
            onChange={setSort}
            className={inputClass(false, 'h-8 py-0 text-xs')}
          />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <TopicFilterFields
            value={extra}
            onChange={setExtra}
            types={types.data?.types ?? []}
            members={members}
            className={inputClass(false, 'h-8 py-0 text-xs')}
          />
        </div>
      </div>
      <TopicRows
        list={list}
        label={t('topics.listLabel')}
        onOpen={(topic) => open(topic.id)}
        below={(topic) =>
          scene &&
          topic.model_id && (
            <span className="truncate text-xs text-gray-500" data-topic-model={topic.model_id}>
              {t('topics.onModel', { name: scene.names[topic.model_id] ?? '' })}
            </span>
          )
        }
      />
    </div>
  );
}
