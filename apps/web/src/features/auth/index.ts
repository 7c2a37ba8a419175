/**
 * The auth feature's door: what other features may use of it (sign-in, sign-up and the session). A
 * file of another feature imports `features/auth` (this file), never a file inside it
 * (eslint.config.js, featureInternals). Named re-exports only, so a page takes the modules it
 * uses and no more.
 */
export { endLocalSession, profileKey, profileQuery, signOut } from './api';
export { ResendCodeButton } from './components/VerificationCode';
export { ProviderIcon, startOAuth } from './oauth';
