import { redirect } from 'react-router';
import { page } from '../../lib/routing';

export const projectsRoutes = [
  page(
    'project',
    { name: 'project', title: 'projects' },
    () => import('./components/ProjectsPage'),
  ),
];

/** Spec §2: /project/{id} with a missing id redirects to /models. */
const requireId = ({ params }: { params: { id?: string } }) =>
  params.id?.trim() ? null : redirect('/models');

/** Project layout pages. */
export const projectPageRoutes = [
  page(
    'project/:id',
    { name: 'project-id', title: 'project' },
    () => import('./components/ProjectOverviewPage'),
    {
      loader: requireId,
    },
  ),
  page(
    'project/:id/members',
    { name: 'project-id-members', title: 'members' },
    () => import('./components/ProjectMembersPage'),
    {
      loader: requireId,
    },
  ),
];
