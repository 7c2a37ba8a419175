import { page } from '../../lib/routing';

/** Auth layout pages. */
export const authRoutes = [
  page('signin', { name: 'signin', title: 'signIn' }, () => import('./components/SignInPage')),
  page('signup', { name: 'signup', title: 'signUp' }, () => import('./components/SignUpPage')),
  page(
    'verify-email',
    { name: 'verify-email', title: 'verifyEmail' },
    () => import('./components/VerifyEmailPage'),
  ),
  page('email', { name: 'email', title: 'email' }, () => import('./components/EmailPage')),
  page(
    'reset-password',
    { name: 'reset-password', title: 'resetPassword' },
    () => import('./components/ResetPasswordPage'),
  ),
  page(
    'magic-code',
    { name: 'magic-code', title: 'magicCode' },
    () => import('./components/MagicCodePage'),
  ),
  page(
    'callback',
    { name: 'callback', title: 'callback' },
    () => import('./components/CallbackPage'),
  ),
];
