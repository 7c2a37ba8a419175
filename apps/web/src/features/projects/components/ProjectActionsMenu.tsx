import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import {
  Check,
  FolderOpen,
  LogOut,
  MoreHorizontal,
  PanelLeft,
  Pencil,
  Star,
  Trash2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { menuContentClass, menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useProjectPreferences } from '../api';
import { useProjectAbilities } from '../permissions';
import { useProjectName } from './ProjectAvatar';
import type { ProjectItemProps } from '../dialogs/ProjectDialogs';

/** Open, members, edit, show in sidebar, leave, delete: each only when `can()` allows it. */
export function ProjectActionsMenu({ project, onOpenDialog }: ProjectItemProps) {
  const { t } = useTranslation();
  const name = useProjectName()(project);
  const abilities = useProjectAbilities(project);
  const preferences = useProjectPreferences();
  const setPreference = (change: { is_favorite?: boolean; show_in_sidebar?: boolean }) =>
    preferences.mutate(
      { id: project.id, ...change },
      { onError: (error) => toast.error(errorMessage(error, t)) },
    );
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('projects.actionsFor', { name })}
        className="relative z-10 rounded-lg p-1.5 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-gray-100"
      >
        <MoreHorizontal className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={`${menuContentClass} w-56`}>
          <DropdownMenu.Item className={menuItemClass} asChild>
            <Link to={`/models/${project.id}`}>
              <FolderOpen className="size-4 text-gray-500" aria-hidden />
              {t('projects.open')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} asChild>
            <Link to={`/project/${project.id}/members`}>
              <Users className="size-4 text-gray-500" aria-hidden />
              {t('nav.members')}
            </Link>
          </DropdownMenu.Item>
          {abilities.update && (
            <DropdownMenu.Item
              className={menuItemClass}
              onSelect={() => onOpenDialog({ kind: 'edit', project })}
            >
              <Pencil className="size-4 text-gray-500" aria-hidden />
              {t('projects.edit')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
          <CheckMenuItem
            icon={Star}
            label={t('projects.favorite')}
            checked={project.is_favorite}
            onCheckedChange={(checked) => setPreference({ is_favorite: checked })}
          />
          <CheckMenuItem
            icon={PanelLeft}
            label={t('projects.showInSidebar')}
            checked={project.show_in_sidebar}
            onCheckedChange={(checked) => setPreference({ show_in_sidebar: checked })}
          />
          {(abilities.leave || abilities.delete) && (
            <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
          )}
          {abilities.leave && (
            <DropdownMenu.Item
              className={`${menuItemClass} text-red-700 data-[highlighted]:bg-red-50`}
              onSelect={() => onOpenDialog({ kind: 'leave', project })}
            >
              <LogOut className="size-4" aria-hidden />
              {t('projectLeave.action')}
            </DropdownMenu.Item>
          )}
          {abilities.delete && (
            <DropdownMenu.Item
              className={`${menuItemClass} text-red-700 data-[highlighted]:bg-red-50`}
              onSelect={() => onOpenDialog({ kind: 'delete', project })}
            >
              <Trash2 className="size-4" aria-hidden />
              {t('projectDelete.action')}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A checkable menu entry with an icon and a check mark when on. */
function CheckMenuItem({
  icon: Icon,
  label,
  checked,
  onCheckedChange,
}: {
  icon: LucideIcon;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <DropdownMenu.CheckboxItem
      className={menuItemClass}
      checked={checked}
      onCheckedChange={onCheckedChange}
    >
      <Icon className="size-4 text-gray-500" aria-hidden />
      <span className="flex-1">{label}</span>
      <DropdownMenu.ItemIndicator>
        <Check className="size-4 text-brand-600" aria-hidden />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.CheckboxItem>
  );
}
