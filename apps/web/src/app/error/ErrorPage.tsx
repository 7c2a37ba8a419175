import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Home, Box } from 'lucide-react';
import { buttonClass } from '../../components/ui/Button';
import { LogoMark } from '../../components/ui/Brand';

const BOT_PATTERN =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|discord|baiduspider|yandex|sogou|bytespider|petalbot|applebot|googlebot/i;

/** Spec §2: bots (by user agent) do not get the error page. */
export function isBot(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  return BOT_PATTERN.test(userAgent);
}

export interface ErrorPageProps {
  statusCode: number;
  statusMessage?: string | undefined;
  description?: string | undefined;
  /** Render inside the app frame instead of taking the whole screen. */
  embedded?: boolean;
}

/**
 * Status code, status message and description; 404 defaults to "Page Not Found", anything else
 * to "Internal Server Error"; Back to Home and Back to Models.
 */
export function ErrorPage({
  statusCode,
  statusMessage,
  description,
  embedded = false,
}: ErrorPageProps) {
  const { t } = useTranslation();
  const message = statusMessage || (statusCode === 404 ? t('error.notFound') : t('error.internal'));
  if (isBot()) {
    return (
      <pre className="p-4 font-mono text-sm">
        {statusCode} {message}
        {description ? `\n${description}` : ''}
      </pre>
    );
  }
  return (
    <div
      className={
        embedded
          ? 'flex flex-col items-center px-4 py-16 text-center'
          : 'flex min-h-screen flex-col items-center justify-center bg-gray-100 px-4 py-16 text-center'
      }
    >
      {!embedded && <LogoMark className="mb-10 size-10" />}
      <p className="text-sm font-semibold tracking-wide text-brand-600">{statusCode}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-gray-900 sm:text-4xl">
        {message}
      </h1>
      {description && (
        <p className="mt-4 max-w-lg text-base break-words text-gray-600">{description}</p>
      )}
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={buttonClass('secondary')}>
          <Home className="size-4" aria-hidden />
          {t('error.backHome')}
        </Link>
        <Link to="/models" className={buttonClass('primary')}>
          <Box className="size-4" aria-hidden />
          {t('error.backModels')}
        </Link>
      </div>
    </div>
  );
}
