import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Box, Users } from 'lucide-react';
import { Card } from '../../../shared/ui/Page';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { ProjectAvatar, useProjectName } from './ProjectAvatar';
import { FavoriteButton } from './FavoriteButton';
import type { ProjectItemProps } from '../dialogs/ProjectDialogs';
import { ProjectActionsMenu } from './ProjectActionsMenu';
import { ProjectBadges } from './ProjectBadges';

/** Grid view: one card per project; the whole card opens the project's models. */
export function ProjectCard({ project, onOpenDialog }: ProjectItemProps) {
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
            <ProjectBadges project={project} />
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
