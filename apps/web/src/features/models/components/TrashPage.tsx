import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ArrowLeft, Trash2 } from 'lucide-react';
import type { Model, Project } from '@truss/contracts';
import { Button, buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Card, PageHeader } from '../../../shared/ui/Page';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { formatBytes } from '../../../lib/format';
import { useMyId, useCurrentProject, ProjectNotFound, useProjectName } from '../../projects';
import { useModelList } from '../api';
import { modelAbilities } from '../permissions';
import { ModelThumbnail } from './ModelThumbnail';
import { creatorLabel, formatLabel, useModelName } from '../labels';
import { ModelDialogs, type ModelDialogState } from './ModelDialogs';
import { ModelListError } from './ModelListError';
import { RestoreModelButton } from './RestoreModelButton';

function TrashRow({
  model,
  project,
  onDelete,
}: {
  model: Model;
  project: Project;
  onDelete: (model: Model) => void;
}) {
  const { t, i18n } = useTranslation();
  const myId = useMyId();
  const name = useModelName()(model);
  const may = modelAbilities(project, myId, model);
  const creator = creatorLabel(model);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:flex-nowrap">
      <div className="flex min-w-0 flex-1 basis-full items-center gap-3 sm:basis-auto">
        <ModelThumbnail
          model={model}
          className="size-10 rounded-lg opacity-80 ring-1 ring-gray-200 grayscale"
          iconClassName="size-5"
        />
        <div className="min-w-0">
          <p className="truncate font-medium text-gray-900" title={name}>
            {name}
          </p>
          <p className="truncate text-xs text-gray-500">
            {[
              formatLabel(model.format),
              formatBytes(model.size, i18n.language),
              creator || t(model.creator ? 'topics.projectMember' : 'models.formerMember'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
      <p className="text-xs whitespace-nowrap text-gray-500 sm:w-40">
        {model.deleted_at && (
          <Trans
            i18nKey="trash.deletedAt"
            components={{ time: <RelativeTime iso={model.deleted_at} /> }}
          />
        )}
      </p>
      <div className="ml-auto flex shrink-0 gap-2">
        {may.restore && (
          <RestoreModelButton
            model={model}
            name={name}
            aria-label={t('trash.restoreNamed', { name })}
          />
        )}
        {may.deletePermanently && (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            aria-label={t('trash.deleteNamed', { name })}
            onClick={() => onDelete(model)}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('trash.deletePermanently')}
          </Button>
        )}
      </div>
    </li>
  );
}

function ProjectTrash({ project }: { project: Project }) {
  const { t } = useTranslation();
  const projectName = useProjectName();
  const filter = useMemo(
    () => ({ trashed: true, sort: 'updated_at' as const, order: 'desc' as const, search: '' }),
    [],
  );
  const list = useModelList(project.id, filter);
  const [dialog, setDialog] = useState<ModelDialogState>(null);
  const models = list.data ?? [];
  return (
    <>
      <PageHeader
        title={t('titles.trash')}
        subtitle={t('trash.subtitleFor', { project: projectName(project) })}
        actions={
          <Link to={`/models/${project.id}`} className={buttonClass('secondary')}>
            <ArrowLeft className="size-4" aria-hidden />
            {t('trash.backToModels')}
          </Link>
        }
      />
      {list.error && !list.data ? (
        <ModelListError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <LoadingBlock label={t('models.loading')} />
      ) : models.length === 0 ? (
        <EmptyState
          icon={Trash2}
          title={t('trash.emptyTitle')}
          description={t('trash.emptyDescription')}
        />
      ) : (
        <Card>
          <p className="border-b border-gray-100 px-4 py-3 text-sm text-gray-600">
            {t('trash.explainer')}
          </p>
          <ul className="divide-y divide-gray-100" aria-label={t('titles.trash')}>
            {models.map((m) => (
              <TrashRow
                key={m.id}
                model={m}
                project={project}
                onDelete={(model) => setDialog({ kind: 'delete', model })}
              />
            ))}
          </ul>
        </Card>
      )}
      <ModelDialogs state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

/** /models/trash(?project=): the current project's trashed models, to restore or delete for good. */
export default function TrashPage() {
  const { t } = useTranslation();
  const { project, isLoading, notFound } = useCurrentProject();
  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (notFound || !project) return <ProjectNotFound />;
  return <ProjectTrash key={project.id} project={project} />;
}
