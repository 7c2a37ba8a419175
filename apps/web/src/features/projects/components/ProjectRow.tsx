import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { ProjectAvatar, useProjectName } from './ProjectAvatar';
import { FavoriteButton } from './FavoriteButton';
import type { ProjectItemProps } from '../dialogs/ProjectDialogs';
import { ProjectActionsMenu } from './ProjectActionsMenu';
import { ProjectBadges } from './ProjectBadges';

/** List view: a table row per project. */
export function ProjectRow({ project, onOpenDialog }: ProjectItemProps) {
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
          <ProjectBadges project={project} />
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
