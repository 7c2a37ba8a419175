import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Layers } from 'lucide-react';
import { LogoMark } from '../../../components/ui/Brand';
import { Spinner } from '../../../components/ui/Spinner';
import { TooltipProvider } from '../../../shared/ui/Tooltip';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/errors';
import { modelQuery, useModelName } from '../../models';
import { useMyId, useCurrentProject } from '../../projects';
import { SavedViewsButton, savedViewInUrl, savedViewAbilities } from '../../saved-views';
import { useFederatedTopicsPanel } from '../../topics';
import { MODEL_PAGE_LAYOUT } from '../../viewer';
import { parseModelIds } from '../view-url';
import { FederatedViewer, type FederatedModel } from './FederatedViewer';

/**
 * /project/{id}/view?models=a,b,...: several models of the project in one view. Each model id
 * opens what the model page opens for it (its current viewable); models of another project,
 * in the trash or not ready are listed as not shown.
 */
export default function FederatedViewPage() {
  const { t } = useTranslation();
  const { id: projectId = '' } = useParams();
  const [search] = useSearchParams();
  const ids = parseModelIds(search.get('models'));
  const modelName = useModelName();
  useDocumentTitle(t('titles.federatedView'));
  const { projects } = useCurrentProject();
  const myId = useMyId();
  const project = projects.find((p) => p.id === projectId) ?? null;
  // A saved view's link sets the camera: the page does not fit the models over it.
  const [fitOnLoad] = useState(() => !savedViewInUrl(window.location.href));
  const queries = useQueries({ queries: ids.map((id) => modelQuery(id)) });
  const pending = queries.some((q) => q.isPending);
  const failed = queries.find((q) => q.error);

  const shown: FederatedModel[] = [];
  const skipped: string[] = [];
  for (const query of queries) {
    const model = query.data;
    if (!model) continue;
    if (
      model.project_id === projectId &&
      !model.deleted_at &&
      model.status === 'ready' &&
      model.viewable_url
    )
      shown.push({
        id: model.id,
        name: modelName(model),
        glb: model.viewable_url,
        metadata: model.metadata_url,
      });
    else skipped.push(modelName(model));
  }
  const topicsPanel = useFederatedTopicsPanel(projectId, shown);

  const header = (
    <header
      style={{ height: MODEL_PAGE_LAYOUT.headerHeight }}
      className="z-20 flex shrink-0 items-center gap-2 border-b border-gray-200 bg-white px-2 sm:gap-3 sm:px-3"
    >
      <Link to="/models" aria-label={t('app.home')} className="hidden shrink-0 sm:block">
        <LogoMark className="size-7" />
      </Link>
      <Link
        to={`/models/${projectId}`}
        className="inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-1 text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-900"
        aria-label={t('federation.back')}
      >
        <ArrowLeft className="size-4" aria-hidden />
      </Link>
      <Layers className="size-4 shrink-0 text-gray-500" aria-hidden />
      <h1 className="truncate text-sm font-semibold text-gray-900">
        {t('federation.title', { count: shown.length })}
      </h1>
      {skipped.length > 0 && (
        <p className="truncate text-xs text-amber-700">
          {t('federation.skipped', { names: skipped.join(', ') })}
        </p>
      )}
    </header>
  );

  if (!ids.length || pending || failed || !shown.length) {
    return (
      <div className="flex h-dvh min-h-0 w-full flex-col bg-gray-100">
        {header}
        <div className="flex flex-1 items-center justify-center p-4 text-sm text-gray-600">
          {pending ? (
            <Spinner />
          ) : failed ? (
            <p role="alert">{errorMessage(failed.error, t)}</p>
          ) : (
            <p>{t('federation.none')}</p>
          )}
        </div>
      </div>
    );
  }
  const first = shown[0]!;
  // The toolbar's tooltips need their provider: this page, like the model page, sits outside
  // the app frame that gives one.
  return (
    <TooltipProvider>
      <FederatedViewer
        models={shown}
        header={header}
        fitOnLoad={fitOnLoad}
        sidePanel={topicsPanel}
        toolbarTools={(viewer) => (
          <SavedViewsButton
            viewer={viewer}
            source={{ kind: 'model', modelId: first.id }}
            may={savedViewAbilities(project, myId)}
            federation={{ projectId, modelIds: shown.map((m) => m.id) }}
          />
        )}
      />
    </TooltipProvider>
  );
}
