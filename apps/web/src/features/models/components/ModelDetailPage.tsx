import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Box, Download, FileQuestion, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { FormAlert } from '../../../components/ui/Field';
import { Card, PageHeader } from '../../../components/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatBytes, formatShortDateTime } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useMyId } from '../../projects/api';
import { useCurrentProject } from '../../projects/current';
import { useProjectName } from '../../projects/components/ProjectAvatar';
import { modelQuery, useRestoreModel } from '../api';
import { modelAbilities } from '../permissions';
import {
  creatorLabel,
  formatLabel,
  ModelProgress,
  ModelStatusBadge,
  ModelThumbnail,
  useFailureText,
  useModelName,
} from './ModelBits';
import { ModelDialogs, type ModelDialogState } from './ModelDialogs';
import { useDownload } from './ModelItems';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className="mt-1 text-sm break-words text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * /model/{id}: the model's facts, live status and download. The 3D viewer replaces the preview
 * area in the next release.
 */
export default function ModelDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ ...modelQuery(id), enabled: !!id });
  const { projects } = useCurrentProject();
  const projectName = useProjectName();
  const modelName = useModelName();
  const failureText = useFailureText();
  const myId = useMyId();
  const download = useDownload();
  const restore = useRestoreModel();
  const [dialog, setDialog] = useState<ModelDialogState>(null);

  if (query.isPending) return <LoadingBlock label={t('common.loading')} />;
  if (query.error || !query.data) {
    const missing =
      query.error instanceof ApiError &&
      (query.error.statusCode === 404 || query.error.statusCode === 400);
    return (
      <EmptyState
        icon={FileQuestion}
        title={missing ? t('errors.MODEL_NOT_FOUND') : t('model.loadFailed')}
        description={missing ? t('model.notFoundDescription') : errorMessage(query.error, t)}
      >
        <Link to="/models" className={buttonClass('secondary')}>
          {t('error.backModels')}
        </Link>
      </EmptyState>
    );
  }

  const model = query.data;
  const name = modelName(model);
  const project = projects.find((p) => p.id === model.project_id) ?? null;
  const may = modelAbilities(project, myId, model);
  const creator = creatorLabel(model);
  const backTo = model.deleted_at
    ? `/models/trash?project=${model.project_id}`
    : `/models/${model.project_id}`;

  return (
    <>
      <Link
        to={backTo}
        className="mb-3 inline-flex items-center gap-1.5 text-sm text-gray-600 hover:text-gray-900"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {project ? projectName(project) : t('error.backModels')}
      </Link>
      <PageHeader
        title={name}
        subtitle={<ModelStatusBadge model={model} />}
        actions={
          <>
            {may.rename && !model.deleted_at && (
              <Button variant="secondary" onClick={() => setDialog({ kind: 'rename', model })}>
                <Pencil className="size-4" aria-hidden />
                {t('models.rename')}
              </Button>
            )}
            <Button
              variant="secondary"
              loading={download.busy === model.id}
              onClick={() => download.start(model)}
            >
              <Download className="size-4" aria-hidden />
              {t('models.download')}
            </Button>
          </>
        }
        className="[&_h1]:break-all"
      />
      {model.deleted_at && (
        <div className="mb-4">
          <FormAlert tone="info">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{t('model.inTrash')}</span>
              {may.restore && (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={restore.isPending}
                  onClick={() =>
                    restore.mutate(model, {
                      onSuccess: () => toast.success(t('trash.restored', { name })),
                      onError: (error) => toast.error(errorMessage(error, t)),
                    })
                  }
                >
                  <RotateCcw className="size-4" aria-hidden />
                  {t('trash.restore')}
                </Button>
              )}
            </div>
          </FormAlert>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="overflow-hidden">
          <ModelThumbnail
            model={model}
            className="aspect-[4/3] w-full border-b border-gray-100"
            iconClassName="size-16"
          />
          <div className="flex items-start gap-3 p-4">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
              <Box className="size-5" aria-hidden />
            </span>
            <div>
              <p className="text-sm font-medium text-gray-900">{t('model.viewerTitle')}</p>
              <p className="mt-0.5 text-sm text-gray-600">{t('model.viewerComing')}</p>
            </div>
          </div>
        </Card>
        <div className="space-y-4">
          {model.status === 'failed' && (
            <FormAlert>
              <p className="font-medium">{t('model.failedTitle')}</p>
              <p>{failureText(model)}</p>
            </FormAlert>
          )}
          {(model.status === 'processing' || model.status === 'queued') && (
            <Card className="p-4">
              <p className="mb-3 text-sm font-medium text-gray-900">{t('model.processingTitle')}</p>
              <ModelProgress model={model} />
              <p className="mt-3 text-xs text-gray-500">{t('model.processingHint')}</p>
            </Card>
          )}
          <Card className="p-4">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-4">
              <Detail label={t('models.columns.format')}>
                {formatLabel(model.format) ?? t('models.formatPending')}
              </Detail>
              <Detail label={t('models.columns.size')}>
                {formatBytes(model.size, i18n.language)}
              </Detail>
              <Detail label={t('models.columns.creator')}>
                <span className="block truncate" title={creator ?? undefined}>
                  {creator ?? t('models.formerMember')}
                </span>
              </Detail>
              <Detail label={t('model.project')}>
                {project ? (
                  <Link to={`/models/${project.id}`} className="text-brand-700 hover:underline">
                    {projectName(project)}
                  </Link>
                ) : (
                  '—'
                )}
              </Detail>
              <Detail label={t('model.uploaded')}>
                {formatShortDateTime(model.created_at, i18n.language)}
              </Detail>
              <Detail label={t('models.columns.updated')}>
                {formatShortDateTime(model.updated_at, i18n.language)}
              </Detail>
            </dl>
          </Card>
          {may.trash && !model.deleted_at && (
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={() => setDialog({ kind: 'trash', model })}
            >
              <Trash2 className="size-4" aria-hidden />
              {t('models.trash')}
            </Button>
          )}
        </div>
      </div>
      <ModelDialogs state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
