import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, FolderX, Users } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Card, PageHeader } from '../../../components/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { formatDate } from '../../../lib/format';
import { useCurrentProject } from '../current';
import { useProjectName } from './ProjectAvatar';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className="mt-1 truncate text-sm text-gray-900">{value}</dd>
    </div>
  );
}

/** /project/{id}: what the project is, with its numbers. */
export default function ProjectOverviewPage() {
  const { t, i18n } = useTranslation();
  const { project, isLoading, notFound } = useCurrentProject();
  const projectName = useProjectName();
  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (notFound || !project) return <ProjectNotFound />;
  return (
    <>
      <PageHeader
        title={projectName(project)}
        subtitle={project.description || t('projects.noDescription')}
      />
      <Card className="p-5">
        <dl className="grid grid-cols-2 gap-5 sm:grid-cols-3">
          <Stat
            label={t('project.creator')}
            value={project.creator.name || project.creator.email}
          />
          <Stat label={t('project.yourRole')} value={t(`roles.${project.role}`)} />
          <Stat
            label={t('project.tier')}
            value={project.tier === 'paid' ? t('project.tierPaid') : t('project.tierFree')}
          />
          <Stat label={t('project.models')} value={String(project.model_count)} />
          <Stat label={t('project.members')} value={String(project.member_count)} />
          <Stat
            label={t('project.created')}
            value={formatDate(project.created_at, i18n.language)}
          />
        </dl>
      </Card>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`/models/${project.id}`} className={buttonClass('primary')}>
          <Box className="size-4" aria-hidden />
          {t('project.openModels')}
        </Link>
        <Link to={`/project/${project.id}/members`} className={buttonClass('secondary')}>
          <Users className="size-4" aria-hidden />
          {t('nav.members')}
        </Link>
      </div>
    </>
  );
}

export function ProjectNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={FolderX}
      title={t('errors.PROJECT_NOT_FOUND')}
      description={t('models.projectMissing')}
    >
      <Link to="/project" className={buttonClass('secondary')}>
        {t('projects.all')}
      </Link>
    </EmptyState>
  );
}
