import type { Share } from '@truss/contracts';
import { useCurrentProject, useProjectName } from '../projects';

/** The share's project name as the reader sees it (the default project's in their language). */
export function useShareProjectName(): (
  share: Pick<Share, 'project_id' | 'project_name'>,
) => string {
  const { projects } = useCurrentProject();
  const projectName = useProjectName();
  return (share) => {
    const project = projects.find((p) => p.id === share.project_id);
    return project ? projectName(project) : share.project_name;
  };
}
