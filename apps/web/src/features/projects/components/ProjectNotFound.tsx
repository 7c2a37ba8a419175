import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FolderX } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';

/** The current project is gone (or never was one of mine): say so, and link to all projects. */
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
