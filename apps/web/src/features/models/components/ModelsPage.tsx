import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, FolderX, Upload } from 'lucide-react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { Badge, PageHeader } from '../../../components/ui/Page';
import { Tooltip } from '../../../components/ui/Tooltip';
import { useCurrentProject } from '../../projects/current';
import { useProjectName } from '../../projects/components/ProjectAvatar';
import { SupportedFormats } from './SupportedFormats';

/** A project's models. Uploading and the model list arrive with the next release. */
export default function ModelsPage() {
  const { t } = useTranslation();
  const { project, isLoading, notFound } = useCurrentProject();
  const projectName = useProjectName();

  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (notFound || !project) {
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

  return (
    <>
      <PageHeader
        title={t('models.title')}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-medium text-gray-800">{projectName(project)}</span>
            {project.is_default && <Badge tone="brand">{t('projects.defaultBadge')}</Badge>}
          </span>
        }
        actions={
          <Tooltip content={t('models.uploadNextRelease')}>
            <span
              tabIndex={0}
              className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Button disabled aria-describedby="upload-soon">
                <Upload className="size-4" aria-hidden />
                {t('models.upload')}
              </Button>
            </span>
          </Tooltip>
        }
      />
      <span id="upload-soon" className="sr-only">
        {t('models.uploadNextRelease')}
      </span>
      <EmptyState
        icon={Box}
        title={t('models.emptyTitle')}
        description={t('models.emptyDescription')}
      >
        <SupportedFormats />
      </EmptyState>
    </>
  );
}
