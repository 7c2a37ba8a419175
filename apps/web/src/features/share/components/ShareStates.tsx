import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ban, CircleHelp, Link2Off, Loader2, LogIn, ShieldX, TriangleAlert } from 'lucide-react';
import clsx from 'clsx';
import { buttonClass, Button } from '../../../components/ui/Button';

/** A centred message card on the share page (not found, sign in, processing, ...). */
function StateCard({
  icon: Icon,
  tone = 'brand',
  title,
  description,
  children,
  spin = false,
}: {
  icon: typeof Ban;
  tone?: 'brand' | 'red' | 'amber' | 'gray';
  title: string;
  description: string;
  children?: ReactNode;
  spin?: boolean;
}) {
  return (
    <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <div
        className={clsx(
          'mx-auto mb-4 flex size-12 items-center justify-center rounded-xl ring-1',
          tone === 'brand' && 'bg-brand-50 text-brand-600 ring-brand-100',
          tone === 'red' && 'bg-red-50 text-red-600 ring-red-100',
          tone === 'amber' && 'bg-amber-50 text-amber-600 ring-amber-100',
          tone === 'gray' && 'bg-gray-50 text-gray-500 ring-gray-200',
        )}
      >
        <Icon className={clsx('size-6', spin && 'animate-spin')} aria-hidden />
      </div>
      <h1 className="text-lg font-semibold text-gray-900">{title}</h1>
      <p className="mt-1.5 text-sm leading-6 text-gray-600">{description}</p>
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}

/** Unknown, deleted, disabled and expired links all look the same (the server answers alike). */
export function ShareNotFound() {
  const { t } = useTranslation();
  return (
    <StateCard
      icon={Link2Off}
      tone="gray"
      title={t('errors.SHARE_NOT_FOUND')}
      description={t('share.page.notFoundDescription')}
    >
      <Link to="/" className={buttonClass('secondary')}>
        {t('share.page.learnMore')}
      </Link>
    </StateCard>
  );
}

/** A private link opened signed out: sign in, then come back here. */
export function ShareSignIn({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return (
    <StateCard
      icon={LogIn}
      title={t('share.page.signInTitle')}
      description={t('errors.SHARE_SIGN_IN_REQUIRED')}
    >
      <Link
        to={`/signin?redirect=${encodeURIComponent(returnTo)}`}
        className={buttonClass('primary')}
        target="_top"
      >
        {t('share.page.signIn')}
      </Link>
    </StateCard>
  );
}

export function ShareAccessDenied() {
  const { t } = useTranslation();
  return (
    <StateCard
      icon={ShieldX}
      tone="red"
      title={t('errors.FORBIDDEN')}
      description={t('share.page.deniedDescription')}
    />
  );
}

/** The page could not ask the server at all (offline, 5xx). */
export function ShareLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StateCard
      icon={TriangleAlert}
      tone="red"
      title={t('share.page.loadFailed')}
      description={message}
    >
      <Button variant="secondary" onClick={onRetry}>
        {t('share.list.retry')}
      </Button>
    </StateCard>
  );
}

/** Spec §4 "Shared model page": processing, unavailable, or unknown status. */
export function SharedModelState({ state }: { state: 'processing' | 'unavailable' | 'unknown' }) {
  const { t } = useTranslation();
  if (state === 'processing') {
    return (
      <StateCard
        icon={Loader2}
        spin
        title={t('share.page.processingTitle')}
        description={t('share.page.processingDescription')}
      />
    );
  }
  if (state === 'unavailable') {
    return (
      <StateCard
        icon={Ban}
        tone="amber"
        title={t('share.page.unavailableTitle')}
        description={t('share.page.unavailableDescription')}
      />
    );
  }
  return (
    <StateCard
      icon={CircleHelp}
      tone="gray"
      title={t('share.page.unknownTitle')}
      description={t('share.page.unknownDescription')}
    />
  );
}
