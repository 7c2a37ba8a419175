/**
 * The invite feature's door: what other features may use of it (invitations to a project). A file
 * of another feature imports `features/invite` (this file), never a file inside it
 * (eslint.config.js, featureInternals). Named re-exports only, so a page takes the modules it
 * uses and no more.
 */
export { useAcceptInvitation, useDeclineInvitation } from './api';
export { InvitationBanner, useRedirectInvitation } from './components/InvitationBanner';
