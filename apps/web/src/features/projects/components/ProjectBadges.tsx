import { useTranslation } from 'react-i18next';
import type { Project } from '@truss/contracts';
import { Badge } from '../../../shared/ui/Page';

/** Default project, the caller's role and the plan tier, as badges. */
export function ProjectBadges({ project }: { project: Project }) {
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
