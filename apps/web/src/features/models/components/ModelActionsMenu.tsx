import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Download, ExternalLink, MoreHorizontal, Share2 } from 'lucide-react';
import { menuContentClass, menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import { useMyId } from '../../projects';
import { canShareModel } from '../../share';
import { modelAbilities } from '../permissions';
import { useModelName } from '../labels';
import { ModelEditMenuItems } from './ModelEditMenuItems';
import type { ModelItemProps } from './ModelDialogs';
import { useDownload } from '../useDownload';

/** Open, rename, move, download, trash: each only when `can()` allows it. */
export function ModelActionsMenu({ model, project, onOpenDialog }: ModelItemProps) {
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
