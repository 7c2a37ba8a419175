import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

/** The catch-all route (default layout): 404 "Page not found: {path}". */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <ErrorPage
      embedded
      statusCode={404}
      description={t('error.pageNotFound', { path: pathname })}
    />
  );
}
