import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Download, History, MoreHorizontal, Share2 } from 'lucide-react';
import type { Model, Project } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { menuContentClass } from '../../../shared/ui/LanguageSwitcher';
import { useMyId } from '../../projects';
import { canShareModel } from '../../share';
import { modelAbilities } from '../permissions';
import type { ModelDialogState } from './ModelDialogs';
import { ModelEditMenuItems } from './ModelEditMenuItems';
import { useDownload } from '../useDownload';

/**
 * The model page header's actions: download, and rename / move / trash in a menu, each only when
 * `can()` allows it. The place for further model actions (the Share button goes before
 * Download).
 */
export function ModelHeaderActions({
  model,
  project,
  onOpenDialog,
}: {
  model: Model;
  project: Project | null;
  onOpenDialog: (state: NonNullable<ModelDialogState>) => void;
}) {
  const { t } = useTranslation();
  const myId = useMyId();
  const download = useDownload();
  const may = modelAbilities(project, myId, model);
  const trashed = !!model.deleted_at;
  const menu = !trashed && (may.rename || may.move || may.trash);
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      {canShareModel(project, myId, model) && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onOpenDialog({ kind: 'share', model })}
          aria-label={t('share.action')}
        >
          <Share2 className="size-4" aria-hidden />
          <span className="hidden sm:inline">{t('share.action')}</span>
        </Button>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onOpenDialog({ kind: 'versions', model })}
        // The name holds the visible text ("Version 2"), as WCAG 2.5.3 asks, and says what opens.
        aria-label={t('versions.buttonLabel', { number: model.current_version?.number ?? 1 })}
      >
        <History className="size-4" aria-hidden />
        <span className="hidden sm:inline">
          {t('versions.buttonWithNumber', { number: model.current_version?.number ?? 1 })}
        </span>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        loading={download.busy === model.id}
        onClick={() => download.start(model)}
        aria-label={t('models.download')}
      >
        {download.busy !== model.id && <Download className="size-4" aria-hidden />}
        <span className="hidden sm:inline">{t('models.download')}</span>
      </Button>
      {menu && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            aria-label={t('models.actionsFor', { name: model.name })}
            className="flex size-8 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-gray-100"
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className={`${menuContentClass} w-56`}>
              <ModelEditMenuItems model={model} may={may} onOpenDialog={onOpenDialog} />
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </div>
  );
}
