import { page } from '../../lib/routing';

/** Auth layout pages. */
export const authRoutes = [
  page(
    'signin',
    { name: 'signin', title: 'signIn', texts: 'start' },
    () => import('./components/SignInPage'),
  ),
  page(
    'signup',
    { name: 'signup', title: 'signUp', texts: 'start' },
    () => import('./components/SignUpPage'),
  ),
  page(
    'verify-email',
    { name: 'verify-email', title: 'verifyEmail', texts: 'start' },
    () => import('./components/VerifyEmailPage'),
  ),
  page(
    'email',
    { name: 'email', title: 'email', texts: 'start' },
    () => import('./components/EmailPage'),
  ),
  page(
    'reset-password',
    { name: 'reset-password', title: 'resetPassword' },
    () => import('./components/ResetPasswordPage'),
  ),
  page(
    'magic-code',
    { name: 'magic-code', title: 'magicCode', texts: 'start' },
    () => import('./components/MagicCodePage'),
  ),
  page(
    'callback',
    { name: 'callback', title: 'callback', texts: 'start' },
    () => import('./components/CallbackPage'),
  ),
];
