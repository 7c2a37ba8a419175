import { page } from '../../lib/routing';

/** Accepting an invitation needs sign-in (spec §6), so `invite` is guarded. */
export const inviteRoutes = [
  page('invite', { name: 'invite', title: 'invite' }, () => import('./components/InvitePage')),
];
