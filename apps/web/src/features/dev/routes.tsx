import { page } from '../../lib/routing';

export const devRoutes = [
  page('dev', { name: 'dev', title: 'dev' }, () => import('./components/DevPage')),
];
