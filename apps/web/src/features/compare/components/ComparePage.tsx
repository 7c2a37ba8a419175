import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertCircle, GitCompareArrows } from 'lucide-react';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { useDocumentTitle } from '../../../lib/document-title';
import { TooltipProvider } from '../../../shared/ui/Tooltip';
import { useViewer, ViewerWorkspace, type WorkspaceModel } from '../../viewer';
import { compareModelQuery, diffQuery, isDrawingModel, metadataQuery, versionsQuery } from '../api';
import type { CompareItem } from '../diff-scene';
import { useCompareScene, type CompareSources } from '../useCompareScene';
import { CompareSidebar } from './CompareSidebar';
import { CompareHeader, pickVersions } from './CompareHeader';
import { DrawingCompare } from './DrawingCompare';

/**
 * /model/{id}/compare?from=&to=: two versions of a drawing as an overlay of their sheets
 * (DrawingCompare), of a 3D model coloured in one scene (below). The model's format decides.
 */
export default function ComparePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const model = useQuery(compareModelQuery(id));
  if (model.data)
    return isDrawingModel(model.data) ? <DrawingCompare modelId={id} /> : <ModelCompare />;
  return (
    <div className="flex h-dvh items-center justify-center" aria-busy="true">
      <Spinner
        className="size-6 text-brand-600"
        label={model.error ? errorMessage(model.error, t) : t('compare.loading')}
      />
    </div>
  );
}

/**
 * /model/{id}/compare?from=&to=: what changed between two versions, coloured in one scene, in
 * the viewer workspace: the changes are its side panel (open at first), the tree and properties
 * start closed (a tab per version when opened).
 */
function ModelCompare() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  useDocumentTitle(t('titles.compare'));
  const versions = useQuery(versionsQuery(id));
  const readyVersions = useMemo(
    () => (versions.data ?? []).filter((v) => v.status === 'ready'),
    [versions.data],
  );
  const { from, to } = pickVersions(readyVersions, search.get('from'), search.get('to'));
  const diff = useQuery({
    ...diffQuery(id, from?.id ?? '', to?.id ?? ''),
    enabled: !!from && !!to,
  });
  const toMeta = useQuery(metadataQuery(to?.metadata_url ?? null));
  const fromMeta = useQuery(metadataQuery(from?.metadata_url ?? null));
  const hostRef = useRef<HTMLDivElement>(null);
  const viewer = useViewer(hostRef, { label: t('compare.canvas') });
  const sources = useMemo<CompareSources | null>(
    () =>
      to?.viewable_url &&
      to.metadata_url &&
      toMeta.data &&
      from?.viewable_url &&
      from.metadata_url &&
      fromMeta.data
        ? {
            to: { glb: to.viewable_url, metadataUrl: to.metadata_url, metadata: toMeta.data },
            from: {
              glb: from.viewable_url,
              metadataUrl: from.metadata_url,
              metadata: fromMeta.data,
            },
          }
        : null,
    [to, from, toMeta.data, fromMeta.data],
  );
  const state = useCompareScene(viewer, sources, diff.data);
  const [selected, setSelected] = useState<CompareItem | null>(null);

  // A click in the scene chooses the element in the lists too.
  useEffect(() => {
    if (!viewer || state.phase !== 'ready') return;
    const all = [
      ...state.scene.items.changed,
      ...state.scene.items.added,
      ...state.scene.items.removed,
    ];
    return viewer.on('selection-change', ({ ids }) => {
      const item = all.find((entry) => entry.id === ids[0]);
      if (item) setSelected(item);
    });
  }, [viewer, state]);

  const choose = (item: CompareItem) => {
    setSelected(item);
    viewer?.selection.set([item.id]);
    viewer?.navigation.fitElements([item.id], true);
  };
  const failure =
    versions.error ??
    diff.error ??
    toMeta.error ??
    fromMeta.error ??
    (state.phase === 'error' ? state.error : null);
  const missing = versions.isSuccess && (!from || !to);

  const readyInfos = state.phase === 'ready' ? state.infos : null;
  const models = useMemo<WorkspaceModel[]>(
    () => [
      {
        id: 'to',
        name: t('versions.number', { number: to?.number }),
        info: readyInfos?.to ?? null,
      },
      {
        id: 'from',
        name: t('versions.number', { number: from?.number }),
        info: readyInfos?.from ?? null,
      },
    ],
    [t, to?.number, from?.number, readyInfos],
  );
  const screenshotName = useCallback(
    () => `${t('compare.title', { from: from?.number, to: to?.number })}.png`,
    [t, from?.number, to?.number],
  );

  const header = (
    <CompareHeader
      modelId={id}
      versions={readyVersions}
      from={from}
      to={to}
      onPick={(pair) => {
        setSelected(null);
        setSearch(pair, { replace: true });
      }}
    />
  );
  const overlay =
    failure || missing ? (
      <div className="absolute inset-0 z-10 flex items-center justify-center p-4">
        <div
          role="alert"
          className="flex max-w-md items-start gap-2 rounded-xl border border-red-200 bg-white p-4 text-sm text-red-800 shadow-sm"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {missing ? t('compare.needTwo') : errorMessage(failure, t)}
        </div>
      </div>
    ) : state.phase === 'loading' ? (
      <div className="absolute inset-0 z-10 flex items-center justify-center gap-2 text-sm text-gray-600">
        <Spinner className="size-4" />
        {t('compare.loading')}
      </div>
    ) : null;

  // The toolbar's tooltips need their provider: this page sits outside the app frame's.
  return (
    <TooltipProvider>
      <ViewerWorkspace
        hostRef={hostRef}
        viewer={viewer}
        models={models}
        phase={failure || missing ? 'error' : state.phase === 'ready' ? 'loaded' : 'loading'}
        onRetry={() => {}}
        overlay={overlay}
        header={header}
        className="h-dvh"
        screenshotName={screenshotName}
        panelsInitiallyOpen={false}
        sidePanel={{
          label: t('compare.panel'),
          icon: GitCompareArrows,
          initiallyOpen: true,
          render: () =>
            state.phase === 'ready' ? (
              <CompareSidebar scene={state.scene} selected={selected} onSelect={choose} />
            ) : (
              <p className="p-4 text-sm text-gray-500">{t('compare.loading')}</p>
            ),
        }}
      />
    </TooltipProvider>
  );
}
