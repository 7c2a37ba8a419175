import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { FolderInput, History, Pencil, Trash2 } from 'lucide-react';
import type { Model } from '@truss/contracts';
import { menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import { type ModelAbilities } from '../permissions';
import type { OpenModelDialog } from './ModelDialogs';

/**
 * New version (the versions dialog), rename, move and trash as items of a model's actions menu,
 * each only when `may` allows it; shared by the list's menu and the model page's header menu.
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
          onSelect={() => onOpenDialog({ kind: 'versions', model })}
        >
          <History className="size-4 text-gray-500" aria-hidden />
          {t('versions.uploadMenu')}
        </DropdownMenu.Item>
      )}
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
