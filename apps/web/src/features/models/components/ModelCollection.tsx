import { useTranslation } from 'react-i18next';
import type { Model, Project } from '@truss/contracts';
import { ListTableHead } from '../../../shared/ui/ListTableHead';
import { Card } from '../../../shared/ui/Page';
import type { UploadItem } from '../uploads/queue';
import { UploadCard } from './UploadCard';
import { UploadRow } from './UploadRow';
import { ModelCard } from './ModelCard';
import { ModelRow } from './ModelRow';
import type { OpenModelDialog } from './ModelDialogs';

export type ModelView = 'grid' | 'list';

/** The models (and this tab's uploads into the project) as cards or a table. */
export function ModelCollection({
  models,
  uploads,
  project,
  view,
  onOpenDialog,
}: {
  models: Model[];
  uploads: UploadItem[];
  project: Project;
  view: ModelView;
  onOpenDialog: OpenModelDialog;
}) {
  const { t } = useTranslation();
  if (view === 'grid') {
    return (
      <ul className="grid grid-cols-2 gap-3 @xl:gap-4 @3xl:grid-cols-3 @6xl:grid-cols-4">
        {uploads.map((item) => (
          <li key={item.id}>
            <UploadCard item={item} />
          </li>
        ))}
        {models.map((m) => (
          <li key={m.id}>
            <ModelCard model={m} project={project} onOpenDialog={onOpenDialog} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card className="overflow-hidden">
      <table className="w-full table-fixed text-left text-sm">
        <ListTableHead
          columns={[
            { label: t('models.columns.name') },
            { label: t('models.columns.format'), className: 'hidden w-20 lg:table-cell' },
            { label: t('models.columns.size'), className: 'hidden w-24 sm:table-cell' },
            { label: t('models.columns.creator'), className: 'hidden w-40 xl:table-cell' },
            { label: t('models.columns.status'), className: 'hidden w-40 sm:table-cell' },
            { label: t('models.columns.updated'), className: 'hidden w-28 md:table-cell' },
          ]}
          actions={{ label: t('models.columns.actions'), className: 'w-14' }}
        />
        <tbody>
          {uploads.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
          {models.map((m) => (
            <ModelRow key={m.id} model={m} project={project} onOpenDialog={onOpenDialog} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}
