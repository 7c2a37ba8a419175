import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Trash2, ChevronRight } from 'lucide-react';
import type { Project } from '@truss/contracts';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Card } from '../../../shared/ui/Page';
import { ProjectAvatar, useProjectName } from './ProjectAvatar';

/** Trash: project deletion is permanent, so there is no project trash; models have one each. */
export function TrashSection({ projects }: { projects: Project[] }) {
  const { t } = useTranslation();
  const projectName = useProjectName();
  return (
    <div className="space-y-4">
      <EmptyState
        icon={Trash2}
        title={t('projects.trash.title')}
        description={t('projects.trash.description')}
      />
      {projects.length > 0 && (
        <Card className="divide-y divide-gray-100">
          <p className="px-4 py-3 text-sm font-medium text-gray-700">
            {t('projects.trash.modelTrash')}
          </p>
          {projects.map((p) => (
            <Link
              key={p.id}
              to={`/models/trash?project=${p.id}`}
              className="flex items-center gap-3 px-4 py-3 text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
            >
              <ProjectAvatar project={p} size="sm" />
              <span className="min-w-0 flex-1 truncate text-gray-900">
                {t('projects.trash.openFor', { name: projectName(p) })}
              </span>
              <ChevronRight className="size-4 text-gray-400" aria-hidden />
            </Link>
          ))}
        </Card>
      )}
    </div>
  );
}
