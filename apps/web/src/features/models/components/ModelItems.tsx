import { useState } from 'react';
import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import {
  Download,
  ExternalLink,
  FolderInput,
  MoreHorizontal,
  Pencil,
  Share2,
  Trash2,
} from 'lucide-react';
import type { Model, Project } from '@truss/contracts';
import { menuContentClass, menuItemClass } from '../../../components/ui/LanguageSwitcher';
import { ListTableHead } from '../../../components/ui/ListTableHead';
import { Card } from '../../../components/ui/Page';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { errorMessage } from '../../../lib/errors';
import { formatBytes } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMyId } from '../../projects/api';
import { canShareModel } from '../../share/permissions';
import { downloadOriginal } from '../api';
import { modelAbilities, type ModelAbilities } from '../permissions';
import type { UploadItem } from '../uploads/queue';
import type { ModelDialogState } from './ModelDialogs';
import {
  creatorLabel,
  formatLabel,
  ModelProgress,
  ModelStatusBadge,
  ModelThumbnail,
  useFailureText,
  useModelName,
} from './ModelBits';
import { UploadCard, UploadRow } from './UploadItems';

export type OpenModelDialog = (state: NonNullable<ModelDialogState>) => void;
export type ModelView = 'grid' | 'list';

/** Downloads the original with the bearer token; a toast says so if it fails. */
export function useDownload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const start = (model: Model) => {
    if (busy) return;
    setBusy(model.id);
    downloadOriginal(model)
      .catch((error: unknown) => toast.error(t('models.downloadFailed'), errorMessage(error, t)))
      .finally(() => setBusy(null));
  };
  return { busy, start };
}

/**
 * Rename, move and trash as items of a model's actions menu, each only when `may` allows it;
 * shared by the list's menu and the model page's header menu.
 */
export function ModelEditMenuItems({
  model,
  may,
  onOpenDialog,
}: {
  model: Model;
  may: Pick<ModelAbilities, 'rename' | 'move' | 'trash'>;
  onOpenDialog: OpenModelDialog;
}) {
  const { t } = useTranslation();
  return (
    <>
      {may.rename && (
        <DropdownMenu.Item
          className={menuItemClass}
          onSelect={() => onOpenDialog({ kind: 'rename', model })}
        >
          <Pencil className="size-4 text-gray-500" aria-hidden />
          {t('models.rename')}
        </DropdownMenu.Item>
      )}
      {may.move && (
        <DropdownMenu.Item
          className={menuItemClass}
          onSelect={() => onOpenDialog({ kind: 'move', model })}
        >
          <FolderInput className="size-4 text-gray-500" aria-hidden />
          {t('models.move')}
        </DropdownMenu.Item>
      )}
      {may.trash && (
        <>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
          <DropdownMenu.Item
            className={`${menuItemClass} text-red-700 data-[highlighted]:bg-red-50`}
            onSelect={() => onOpenDialog({ kind: 'trash', model })}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('models.trash')}
          </DropdownMenu.Item>
        </>
      )}
    </>
  );
}

/** Open, rename, move, download, trash: each only when `can()` allows it. */
export function ModelActionsMenu({
  model,
  project,
  onOpenDialog,
}: {
  model: Model;
  project: Project;
  onOpenDialog: OpenModelDialog;
}) {
  const { t } = useTranslation();
  const myId = useMyId();
  const name = useModelName()(model);
  const may = modelAbilities(project, myId, model);
  const download = useDownload();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('models.actionsFor', { name })}
        className="relative z-10 rounded-lg p-1.5 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-gray-100"
      >
        <MoreHorizontal className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={`${menuContentClass} w-60`}>
          <DropdownMenu.Item className={menuItemClass} asChild>
            <Link to={`/model/${model.id}`}>
              <ExternalLink className="size-4 text-gray-500" aria-hidden />
              {t('models.open')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => download.start(model)}>
            <Download className="size-4 text-gray-500" aria-hidden />
            {t('models.download')}
          </DropdownMenu.Item>
          {canShareModel(project, myId, model) && (
            <DropdownMenu.Item
              className={menuItemClass}
              onSelect={() => onOpenDialog({ kind: 'share', model })}
            >
              <Share2 className="size-4 text-gray-500" aria-hidden />
              {t('share.action')}
            </DropdownMenu.Item>
          )}
          <ModelEditMenuItems model={model} may={may} onOpenDialog={onOpenDialog} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The failure's reason under the name of a failed model. */
function FailureLine({ model }: { model: Model }) {
  const failureText = useFailureText();
  if (model.status !== 'failed') return null;
  return <p className="truncate text-xs text-red-700">{failureText(model)}</p>;
}

function Meta({ model }: { model: Model }) {
  const { t, i18n } = useTranslation();
  const parts = [
    formatLabel(model.format) ?? t('models.formatPending'),
    formatBytes(model.size, i18n.language),
  ];
  return <span className="truncate">{parts.join(' · ')}</span>;
}

/** Grid view: a card per model with its thumbnail; the whole card opens the model. */
export function ModelCard({
  model,
  project,
  onOpenDialog,
}: {
  model: Model;
  project: Project;
  onOpenDialog: OpenModelDialog;
}) {
  const name = useModelName()(model);
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-shadow focus-within:border-gray-300 hover:border-gray-300 hover:shadow-md">
      <ModelThumbnail
        model={model}
        className="aspect-[4/3] border-b border-gray-100"
        iconClassName="size-10"
      />
      <div className="absolute top-2 left-2">
        <ModelStatusBadge model={model} className="bg-white/90 backdrop-blur" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <div className="flex items-start gap-2">
          <Link
            to={`/model/${model.id}`}
            title={name}
            className="min-w-0 flex-1 truncate font-medium text-gray-900 outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
          >
            {name}
          </Link>
          <div className="-mt-1 -mr-1">
            <ModelActionsMenu model={model} project={project} onOpenDialog={onOpenDialog} />
          </div>
        </div>
        <FailureLine model={model} />
        <ModelProgress model={model} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 pt-1 text-xs text-gray-500">
          <Meta model={model} />
          <RelativeTime iso={model.updated_at} className="shrink-0" />
        </div>
      </div>
    </Card>
  );
}

/** List view: a table row per model. */
export function ModelRow({
  model,
  project,
  onOpenDialog,
}: {
  model: Model;
  project: Project;
  onOpenDialog: OpenModelDialog;
}) {
  const { t, i18n } = useTranslation();
  const name = useModelName()(model);
  const creator = creatorLabel(model);
  return (
    <tr className="relative border-b border-gray-100 last:border-0 hover:bg-gray-50">
      <td className="max-w-0 px-4 py-2.5">
        <div className="flex min-w-0 items-center gap-3">
          <ModelThumbnail
            model={model}
            className="size-10 rounded-lg ring-1 ring-gray-200"
            iconClassName="size-5"
          />
          <div className="min-w-0 flex-1">
            <Link
              to={`/model/${model.id}`}
              title={name}
              className="block truncate font-medium text-gray-900 outline-none after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600"
            >
              {name}
            </Link>
            <FailureLine model={model} />
            {/* On phones the columns fold into one line under the name. */}
            <div className="mt-0.5 flex min-w-0 items-center gap-2 text-xs text-gray-500 sm:hidden">
              <ModelStatusBadge model={model} className="shrink-0" />
              <Meta model={model} />
            </div>
            <ModelProgress model={model} className="mt-1 max-w-64 md:hidden" />
          </div>
        </div>
      </td>
      <td className="hidden px-4 py-2.5 text-gray-600 lg:table-cell">
        {formatLabel(model.format) ?? <span className="text-gray-400">—</span>}
      </td>
      <td className="hidden px-4 py-2.5 whitespace-nowrap text-gray-600 tabular-nums sm:table-cell">
        {formatBytes(model.size, i18n.language)}
      </td>
      <td className="hidden max-w-0 px-4 py-2.5 text-gray-600 xl:table-cell">
        <span className="block truncate" title={creator ?? undefined}>
          {creator ?? t('models.formerMember')}
        </span>
      </td>
      <td className="hidden px-4 py-2.5 sm:table-cell">
        <div className="flex flex-col items-start gap-1">
          <ModelStatusBadge model={model} />
          {model.status === 'processing' && (
            <ModelProgress model={model} className="hidden w-full max-w-40 md:block" />
          )}
        </div>
      </td>
      <td className="hidden px-4 py-2.5 whitespace-nowrap text-gray-600 md:table-cell">
        <RelativeTime iso={model.updated_at} />
      </td>
      <td className="px-2 py-2.5">
        <div className="flex items-center justify-end">
          <ModelActionsMenu model={model} project={project} onOpenDialog={onOpenDialog} />
        </div>
      </td>
    </tr>
  );
}

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
