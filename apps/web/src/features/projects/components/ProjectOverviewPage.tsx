import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, LogOut, Pencil, Trash2, Users } from 'lucide-react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card, PageHeader } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { formatDate, personLabel } from '../../../lib/format';
import { useCurrentProject } from '../current';
import { useProjectAbilities } from '../permissions';
import { useProjectName } from './ProjectAvatar';
import { ProjectNotFound } from './ProjectNotFound';
import { ProjectDialogs, type ProjectDialogState } from '../dialogs/ProjectDialogs';
import { FavoriteButton } from './FavoriteButton';

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
  const abilities = useProjectAbilities(project);
  const [dialog, setDialog] = useState<ProjectDialogState>(null);
  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (notFound || !project) return <ProjectNotFound />;
  return (
    <>
      <PageHeader
        title={projectName(project)}
        subtitle={project.description || t('projects.noDescription')}
        actions={
          <>
            <FavoriteButton project={project} className="border border-gray-300 bg-white p-2" />
            {abilities.update && (
              <Button variant="secondary" onClick={() => setDialog({ kind: 'edit', project })}>
                <Pencil className="size-4" aria-hidden />
                {t('projects.edit')}
              </Button>
            )}
            {abilities.leave && (
              <Button variant="secondary" onClick={() => setDialog({ kind: 'leave', project })}>
                <LogOut className="size-4" aria-hidden />
                {t('projectLeave.action')}
              </Button>
            )}
            {abilities.delete && (
              <Button
                variant="secondary"
                className="text-red-700 hover:bg-red-50"
                onClick={() => setDialog({ kind: 'delete', project })}
              >
                <Trash2 className="size-4" aria-hidden />
                {t('projectDelete.action')}
              </Button>
            )}
          </>
        }
      />
      <Card className="p-5">
        <dl className="grid grid-cols-2 gap-5 sm:grid-cols-3">
          <Stat label={t('project.creator')} value={personLabel(project.creator)} />
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
      <ProjectDialogs state={dialog} onClose={() => setDialog(null)} leavePage />
    </>
  );
}
