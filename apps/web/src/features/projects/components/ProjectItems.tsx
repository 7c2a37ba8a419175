import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { Trans, useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  Box,
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
import type { Project } from '@truss/contracts';
import { menuContentClass, menuItemClass } from '../../../components/ui/LanguageSwitcher';
import { Badge, Card } from '../../../components/ui/Page';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useProjectPreferences } from '../api';
import { useProjectAbilities } from '../permissions';
import type { ProjectDialogState } from './ProjectDialogs';
import { ProjectAvatar, useProjectName } from './ProjectAvatar';

export type OpenProjectDialog = (state: NonNullable<ProjectDialogState>) => void;

/** The star: favourite or not, saved at once (rolled back on failure). */
export function FavoriteButton({ project, className }: { project: Project; className?: string }) {
  const { t } = useTranslation();
  const name = useProjectName()(project);
  const preferences = useProjectPreferences();
  const on = project.is_favorite;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={
        on ? t('projects.unfavoriteNamed', { name }) : t('projects.favoriteNamed', { name })
      }
      title={on ? t('projects.unfavorite') : t('projects.addFavorite')}
      onClick={() =>
        preferences.mutate(
          { id: project.id, is_favorite: !on },
          { onError: (error) => toast.error(errorMessage(error, t)) },
        )
      }
      className={clsx(
        'relative z-10 rounded-lg p-1.5 transition-colors hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600',
        on ? 'text-amber-500' : 'text-gray-400 hover:text-gray-700',
        className,
      )}
    >
      <Star className={clsx('size-4', on && 'fill-amber-400')} aria-hidden />
    </button>
  );
}

/** Open, members, edit, show in sidebar, leave, delete: each only when `can()` allows it. */
export function ProjectActionsMenu({
  project,
  onOpenDialog,
}: {
  project: Project;
  onOpenDialog: OpenProjectDialog;
}) {
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

function TierAndRole({ project }: { project: Project }) {
  const { t } = useTranslation();
  return (
    <>
      {project.is_default && <Badge tone="brand">{t('projects.defaultBadge')}</Badge>}
      <Badge tone={project.role === 'owner' ? 'brand' : 'gray'}>{t(`roles.${project.role}`)}</Badge>
      <Badge tone={project.tier === 'paid' ? 'green' : 'gray'}>
        {project.tier === 'paid' ? t('project.tierPaid') : t('project.tierFree')}
      </Badge>
    </>
  );
}

/** Grid view: one card per project; the whole card opens the project's models. */
export function ProjectCard({
  project,
  onOpenDialog,
}: {
  project: Project;
  onOpenDialog: OpenProjectDialog;
}) {
  const { t } = useTranslation();
  const name = useProjectName()(project);
  return (
    <Card className="relative flex h-full flex-col p-4 transition-shadow focus-within:border-gray-300 hover:border-gray-300 hover:shadow-md">
      <div className="flex items-start gap-3">
        <ProjectAvatar project={project} size="lg" />
        <div className="min-w-0 flex-1">
          <Link
            to={`/models/${project.id}`}
            className="block truncate font-medium text-gray-900 outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
          >
            {name}
          </Link>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <TierAndRole project={project} />
          </div>
        </div>
        <div className="-mt-1 -mr-1 flex items-center">
          <FavoriteButton project={project} />
          <ProjectActionsMenu project={project} onOpenDialog={onOpenDialog} />
        </div>
      </div>
      <p className="mt-3 line-clamp-2 min-h-10 text-sm text-gray-600">
        {project.description || t('projects.noDescription')}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-gray-100 pt-3 text-xs text-gray-500">
        <span className="inline-flex items-center gap-1">
          <Box className="size-3.5" aria-hidden />
          {t('projects.modelCount', { count: project.model_count })}
        </span>
        <span className="inline-flex items-center gap-1">
          <Users className="size-3.5" aria-hidden />
          {t('projects.memberCount', { count: project.member_count })}
        </span>
        <span className="ml-auto">
          <Trans
            i18nKey="projects.updatedAt"
            components={{ time: <RelativeTime iso={project.updated_at} /> }}
          />
        </span>
      </div>
    </Card>
  );
}

/** List view: a table row per project. */
export function ProjectRow({
  project,
  onOpenDialog,
}: {
  project: Project;
  onOpenDialog: OpenProjectDialog;
}) {
  const { t } = useTranslation();
  const name = useProjectName()(project);
  return (
    <tr className="relative border-b border-gray-100 last:border-0 hover:bg-gray-50">
      <td className="max-w-0 px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          <ProjectAvatar project={project} />
          <div className="min-w-0">
            <Link
              to={`/models/${project.id}`}
              className="block truncate font-medium text-gray-900 outline-none after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600"
            >
              {name}
            </Link>
            <p className="truncate text-xs text-gray-500">
              {project.description || t('projects.noDescription')}
            </p>
          </div>
        </div>
      </td>
      <td className="hidden px-4 py-3 md:table-cell">
        <div className="flex flex-wrap gap-1.5">
          <TierAndRole project={project} />
        </div>
      </td>
      <td className="hidden px-4 py-3 text-gray-600 tabular-nums lg:table-cell">
        {project.model_count}
      </td>
      <td className="hidden px-4 py-3 text-gray-600 tabular-nums lg:table-cell">
        {project.member_count}
      </td>
      <td className="hidden px-4 py-3 whitespace-nowrap text-gray-600 sm:table-cell">
        <RelativeTime iso={project.updated_at} />
      </td>
      <td className="px-2 py-3">
        <div className="flex items-center justify-end">
          <FavoriteButton project={project} />
          <ProjectActionsMenu project={project} onOpenDialog={onOpenDialog} />
        </div>
      </td>
    </tr>
  );
}
