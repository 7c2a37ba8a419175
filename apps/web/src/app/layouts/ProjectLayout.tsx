import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Box, Info, Trash2, Users } from 'lucide-react';
import { AppFrame } from '../../frame/AppFrame';
import { PageOutlet } from '../RootShell';
import { useCurrentProject } from '../../features/projects/current';
import { useProjectAbilities } from '../../features/projects';
import { ProjectAvatar, useProjectName } from '../../features/projects/components/ProjectAvatar';
import { Badge } from '../../shared/ui/Page';

/** Project layout: the app frame plus the project's own sub-navigation. */
export function ProjectLayout() {
  const { t } = useTranslation();
  const { project } = useCurrentProject();
  const projectName = useProjectName();
  const { seeMembers } = useProjectAbilities(project);
  const tabs = project
    ? [
        { to: `/models/${project.id}`, label: t('nav.models'), icon: Box },
        // A guest never sees the member list: no tab that would only say so.
        ...(seeMembers
          ? [{ to: `/project/${project.id}/members`, label: t('nav.members'), icon: Users }]
          : []),
        { to: `/models/trash?project=${project.id}`, label: t('nav.trash'), icon: Trash2 },
        { to: `/project/${project.id}`, label: t('project.overview'), icon: Info, end: true },
      ]
    : [];
  return (
    <AppFrame>
      {project && (
        <div className="-mx-4 -mt-6 mb-6 border-b border-gray-200 bg-white px-4 pt-5 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          <div className="flex items-center gap-3">
            <ProjectAvatar project={project} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-base font-semibold text-gray-900">
                {projectName(project)}
              </p>
              <div className="mt-0.5 flex items-center gap-2 text-xs text-gray-500">
                <Badge tone={project.role === 'owner' ? 'brand' : 'gray'}>
                  {t(`roles.${project.role}`)}
                </Badge>
                <span>
                  {project.tier === 'paid' ? t('project.tierPaid') : t('project.tierFree')}
                </span>
              </div>
            </div>
          </div>
          <nav
            aria-label={t('project.navLabel')}
            className="-mb-px mt-4 flex gap-1 overflow-x-auto"
          >
            {tabs.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={tab.end ?? false}
                className={({ isActive }) =>
                  clsx(
                    'inline-flex items-center gap-2 border-b-2 px-3 pb-3 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
                  )
                }
              >
                <tab.icon className="size-4" aria-hidden />
                {tab.label}
              </NavLink>
            ))}
          </nav>
        </div>
      )}
      <PageOutlet />
    </AppFrame>
  );
}
