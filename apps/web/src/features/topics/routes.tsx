import { redirect } from 'react-router';
import { page } from '../../lib/routing';

const requireId = ({ params }: { params: { id?: string } }) =>
  params.id?.trim() ? null : redirect('/models');

/** Project layout: /project/{id}/issues. */
export const projectTopicsRoutes = [
  page(
    'project/:id/issues',
    { name: 'project-id-issues', title: 'issues' },
    () => import('./components/IssuesPage'),
    { loader: requireId },
  ),
];
