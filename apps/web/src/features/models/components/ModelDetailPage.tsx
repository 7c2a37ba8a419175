import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLoaderData, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertCircle, ArrowLeft, FileQuestion, Loader2, RotateCcw, Unplug } from 'lucide-react';
import type { Model, Project } from '@truss/contracts';
import { LogoMark } from '../../../components/ui/Brand';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { ApiError } from '../../../lib/http';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMyId, useCurrentProject, useProjectName } from '../../projects';
import type { EarlyView } from '../../viewer/early';
import { useModelTopicsPanel } from '../../topics';
import { CompareButton } from '../../compare';
import {
  FindElementsButton,
  savedQueryAbilities,
  type SavedQueryAbilities,
} from '../../element-queries';
import { SavedViewsButton, savedViewAbilities, type SavedViewAbilities } from '../../saved-views';
import { dropEarlySheet, ModelViewer, MODEL_PAGE_LAYOUT, useViewpointUrl } from '../../viewer';
import { isDrawing, sheetsQuery } from '../sheets-api';
import { modelQuery } from '../api';
import { useModelVersions, versionByNumber } from '../versions-api';
import { modelAbilities } from '../permissions';
import { ModelProgress } from './ModelProgress';
import { ModelStatusBadge } from './ModelStatusBadge';
import { useFailureText, useModelName } from '../labels';
import { ModelDialogs, type ModelDialogState } from './ModelDialogs';
import { ReadyDrawing } from '../detail/DrawingDetail';
import { StatePanel } from '../detail/StatePanel';
import { ModelHeaderActions } from './ModelHeaderActions';
import { RestoreModelButton } from './RestoreModelButton';
import { TooltipProvider } from '../../../shared/ui/Tooltip';

/** Signed URLs change their expiry and signature daily; reload only when the content changes. */
function contentKey(url: string | null): string | null {
  return url ? url.replace(/[?&](exp|sig)=[^&]*/g, '') : null;
}

function useStableUrl(url: string | null): string | null {
  const [stable, setStable] = useState(url);
  if (contentKey(stable) !== contentKey(url)) setStable(url);
  return contentKey(stable) === contentKey(url) ? stable : url;
}

/** The spec's "model components header": back to the project's models, name, status, actions. */
function ModelHeader({
  model,
  project,
  actions,
}: {
  model: Model | null;
  project: Project | null;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const projectName = useProjectName();
  const modelName = useModelName();
  const backTo = !model
    ? '/models'
    : model.deleted_at
      ? `/models/trash?project=${model.project_id}`
      : `/models/${model.project_id}`;
  const backLabel = project ? projectName(project) : t('error.backModels');
  return (
    <header
      style={{ height: MODEL_PAGE_LAYOUT.headerHeight }}
      className="z-20 flex shrink-0 items-center gap-2 border-b border-gray-200 bg-white px-2 sm:gap-3 sm:px-3"
    >
      <Link to="/models" aria-label={t('app.home')} className="hidden shrink-0 sm:block">
        <LogoMark className="size-7" />
      </Link>
      <Link
        to={backTo}
        className="inline-flex min-w-0 shrink items-center gap-1 rounded-md px-1.5 py-1 text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-900"
        aria-label={t('viewer.page.backTo', { name: backLabel })}
      >
        <ArrowLeft className="size-4 shrink-0" aria-hidden />
        <span className="hidden max-w-40 truncate md:inline">{backLabel}</span>
      </Link>
      <span className="hidden h-5 w-px bg-gray-200 md:block" aria-hidden />
      {model && (
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <h1 className="truncate text-sm font-semibold text-gray-900" title={modelName(model)}>
            {modelName(model)}
          </h1>
          <ModelStatusBadge model={model} className="hidden sm:inline-flex" />
        </div>
      )}
      {!model && <div className="flex-1" />}
      {actions}
    </header>
  );
}

function TrashBanner({ model, may }: { model: Model; may: boolean }) {
  const { t } = useTranslation();
  const name = useModelName()(model);
  return (
    <div className="flex shrink-0 flex-wrap items-center justify-center gap-3 border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-sm text-amber-900">
      <span>{t('model.inTrash')}</span>
      {may && <RestoreModelButton model={model} name={name} />}
    </div>
  );
}

function ReadyViewer({
  model,
  header,
  earlyView,
  savedViews,
  savedQueries,
}: {
  model: Model;
  header: ReactNode;
  earlyView: EarlyView | null;
  savedViews: SavedViewAbilities;
  savedQueries: SavedQueryAbilities;
}) {
  const { t } = useTranslation();
  // `?version=<number>`: that version of the model instead of the current one.
  const [params] = useSearchParams();
  const wanted = Number(params.get('version')) || null;
  const versions = useModelVersions(wanted ? model.id : undefined);
  const picked = versionByNumber(versions.data, wanted);
  const older = picked && picked.status === 'ready' && !picked.current ? picked : null;
  const glb = useStableUrl(older ? older.viewable_url : model.viewable_url);
  const metadata = useStableUrl(older ? older.metadata_url : model.metadata_url);
  const { initialViewpoint, onViewpointChange, onLoaded } = useViewpointUrl();
  const name = useModelName()(model);
  // Topics made here record the version on screen, not whatever is current when they are saved.
  const topicsPanel = useModelTopicsPanel(model, older?.id ?? model.current_version?.id ?? null);
  // An IFC's storey plans: of the version on screen, an older one's from its own route.
  const sheets = useQuery({
    ...sheetsQuery(model.id, model.current_version?.id ?? null, {
      olderVersionId: older?.id ?? null,
    }),
    enabled:
      (model.format === 'ifc' || model.format === 'ifczip') && !(wanted && versions.isPending),
  });
  const plans = useMemo(() => (sheets.data ? { sheets: sheets.data } : undefined), [sheets.data]);
  if (!glb || (wanted && versions.isPending)) return null;
  return (
    <ModelViewer
      glbUrl={glb}
      metadataUrl={metadata}
      header={
        older ? (
          <>
            {header}
            <div
              role="status"
              className="flex shrink-0 flex-wrap items-center justify-center gap-3 border-b border-sky-200 bg-sky-50 px-3 py-1.5 text-sm text-sky-900"
            >
              <span>{t('versions.viewing', { number: older.number })}</span>
              <Link to={`/model/${model.id}`} className="font-medium underline">
                {t('versions.backToCurrent')}
              </Link>
            </div>
          </>
        ) : (
          header
        )
      }
      title={name}
      initialViewpoint={initialViewpoint}
      onViewpointChange={onViewpointChange}
      onLoaded={onLoaded}
      earlyView={older ? null : earlyView}
      sidePanel={topicsPanel}
      {...(plans ? { plans } : {})}
      toolbarTools={(viewer) => (
        <>
          <SavedViewsButton
            viewer={viewer}
            source={{ kind: 'model', modelId: model.id }}
            may={savedViews}
            federation={{ projectId: model.project_id, modelIds: [model.id] }}
          />
          <FindElementsButton
            viewer={viewer}
            projectId={model.project_id}
            modelId={model.id}
            may={savedQueries}
          />
          <CompareButton model={model} />
        </>
      )}
    />
  );
}

/**
 * /model/{id}: the model in the 3D viewer, full screen under a compact header; while it is
 * processing, failed or unavailable, that state (live over the event stream) instead.
 */
export default function ModelDetailPage() {
  return (
    <TooltipProvider>
      <ModelDetailPageContent />
    </TooltipProvider>
  );
}

function ModelDetailPageContent() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const query = useQuery({ ...modelQuery(id), enabled: !!id });
  // What the early view made for this page, claimed by its prefetch (./prefetch.ts).
  const earlyView = useLoaderData<EarlyView | null>() ?? null;
  const { projects } = useCurrentProject();
  const myId = useMyId();
  const failureText = useFailureText();
  const [dialog, setDialog] = useState<ModelDialogState>(null);
  const modelName = useModelName();
  useDocumentTitle(query.data ? modelName(query.data) : null);
  const drawing = !!query.data && isDrawing(query.data);
  const viewable = query.data?.status === 'ready' && !!query.data.viewable_url && !drawing;
  // The page shows no 3D view (an error, processing, failed): no early view either.
  useEffect(() => {
    if (!query.isPending && !viewable) earlyView?.drop();
  }, [query.isPending, viewable, earlyView]);
  // Nor a sheet view: the drawing's early sheet (boot/drawing) goes, as it does when the page
  // goes (its sheet view took it by then, if it showed the sheet).
  const sheetShown = query.data?.status === 'ready' && drawing;
  useEffect(() => {
    if (!query.isPending && !sheetShown) dropEarlySheet();
  }, [query.isPending, sheetShown]);
  useEffect(() => () => dropEarlySheet(), []);

  const frame = (header: ReactNode, body: ReactNode) => (
    <div className="flex h-dvh flex-col overflow-hidden bg-gray-100">
      {header}
      {body}
    </div>
  );

  if (query.isPending) {
    return frame(
      <ModelHeader model={null} project={null} />,
      <div className="flex flex-1 items-center justify-center" aria-busy="true">
        <Spinner className="size-6 text-brand-600" label={t('common.loading')} />
      </div>,
    );
  }
  if (query.error || !query.data) {
    const missing =
      query.error instanceof ApiError &&
      (query.error.statusCode === 404 || query.error.statusCode === 400);
    return frame(
      <ModelHeader model={null} project={null} />,
      <StatePanel
        icon={<FileQuestion className="size-6 text-gray-400" aria-hidden />}
        title={missing ? t('errors.MODEL_NOT_FOUND') : t('model.loadFailed')}
      >
        <p className="mt-1.5 text-sm text-gray-600">
          {missing ? t('model.notFoundDescription') : errorMessage(query.error, t)}
        </p>
        <div className="mt-5 flex justify-center gap-2">
          {!missing && (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              <RotateCcw className="size-4" aria-hidden />
              {t('viewer.load.retry')}
            </Button>
          )}
          <Link to="/models" className={buttonClass('primary')}>
            {t('error.backModels')}
          </Link>
        </div>
      </StatePanel>,
    );
  }

  const model = query.data;
  const project = projects.find((p) => p.id === model.project_id) ?? null;
  const may = modelAbilities(project, myId, model);
  const header = (
    <>
      <ModelHeader
        model={model}
        project={project}
        actions={<ModelHeaderActions model={model} project={project} onOpenDialog={setDialog} />}
      />
      {model.deleted_at && <TrashBanner model={model} may={may.restore} />}
    </>
  );

  let body: ReactNode;
  const readyDrawing = model.status === 'ready' && drawing;
  if (readyDrawing) {
    body = <ReadyDrawing key={model.id} model={model} header={header} />;
  } else if (model.status === 'ready' && model.viewable_url) {
    body = (
      <ReadyViewer
        key={`${model.id}:${params.get('version') ?? ''}`}
        model={model}
        header={header}
        earlyView={earlyView}
        savedViews={savedViewAbilities(project, myId)}
        savedQueries={savedQueryAbilities(project, myId)}
      />
    );
  } else if (model.status === 'failed') {
    body = (
      <StatePanel
        icon={<AlertCircle className="size-6 text-red-500" aria-hidden />}
        title={t('model.failedTitle')}
      >
        <p className="mt-1.5 text-sm text-gray-600">{failureText(model)}</p>
      </StatePanel>
    );
  } else if (model.status === 'ready') {
    body = (
      <StatePanel
        icon={<Unplug className="size-6 text-gray-400" aria-hidden />}
        title={t('viewer.page.unavailable')}
      >
        <p className="mt-1.5 text-sm text-gray-600">{t('viewer.page.unavailableHint')}</p>
      </StatePanel>
    );
  } else {
    body = (
      <StatePanel
        icon={<Loader2 className="size-6 animate-spin text-brand-600" aria-hidden />}
        title={t('model.processingTitle')}
      >
        <ModelProgress model={model} className="mt-4 text-left" />
        <p className="mt-3 text-xs text-gray-500">{t('model.processingHint')}</p>
      </StatePanel>
    );
  }

  return (
    <>
      {readyDrawing || (model.status === 'ready' && model.viewable_url) ? (
        <div className="h-dvh overflow-hidden">{body}</div>
      ) : (
        frame(header, body)
      )}
      <ModelDialogs state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
