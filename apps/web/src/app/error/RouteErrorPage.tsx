import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http';
import { isChunkLoadError, reloadOnce } from '../../lib/reload-guard';
import { removeEarlyOutline } from '../../boot/outline/early-outline';
import { ErrorPage } from './ErrorPage';

/** Fatal errors (a loader or a page that threw) end on the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  // The error page takes the place of the outline drawn before the app (main.tsx) too.
  useEffect(removeEarlyOutline, []);
  if (error && !isRouteErrorResponse(error)) console.error('[app] fatal error', error);
  // A page of an older build is gone after a deployment: load the new build (guarded).
  if (isChunkLoadError(error) && reloadOnce()) return null;

  if (isRouteErrorResponse(error)) {
    const description =
      error.status === 404
        ? t('error.pageNotFound', { path: location.pathname })
        : String(error.data ?? '');
    return <ErrorPage statusCode={error.status} description={description} />;
  }
  if (error instanceof ApiError && error.statusCode >= 400) {
    const text = error.errorCode ? t(`errors.${error.errorCode}`) : error.message;
    return <ErrorPage statusCode={error.statusCode} description={text} />;
  }
  const description =
    error instanceof ApiError && error.isNetworkError
      ? t('errors.CONNECTION_TIMEOUT')
      : t('error.unexpected');
  return <ErrorPage statusCode={500} description={description} />;
}
