import { replace } from 'react-router';
import { indexPage } from '../../lib/routing';

export const homeRoutes = [
  indexPage({ name: 'home' }, () => import('./components/LandingPage')),
  { path: 'index__', handle: { name: 'index' }, loader: () => replace('/') },
];
