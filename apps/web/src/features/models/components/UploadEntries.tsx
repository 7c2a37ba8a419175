import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import clsx from 'clsx';
import { AlertCircle, Ban, CheckCircle2, History, RotateCcw, UploadCloud, X } from 'lucide-react';
import { isErrorCode } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { Progress } from '../../../components/ui/Progress';
import { formatBytes } from '../../../lib/format';
import type { UploadFailure, UploadItem } from '../uploads/queue';
import { uploadQueue } from '../uploads/store';
import { discardUpload } from '../uploads/tus';
import type { UnfinishedUpload } from '../uploads/url-storage';

/** Spec §8 words first ("Unsupported file format", "Maximum 3 Files Allowed", "Upload Failed"). */
export function uploadFailureParts(
  failure: UploadFailure,
  t: TFunction,
): { headline: string; detail: string | null } {
  const headline =
    failure.code === 'UNSUPPORTED_FORMAT' || failure.code === 'TOO_MANY_UPLOADS'
      ? t(`errors.${failure.code}`)
      : t('errors.UPLOAD_FAILED');
  let detail: string | null = null;
  if (failure.network) detail = t('uploads.networkError');
  else if (failure.serverMessage && failure.serverMessage !== headline) {
    detail = failure.serverMessage;
  } else if (failure.code === 'UNSUPPORTED_FORMAT') detail = t('uploads.unsupportedHelp');
  else if (failure.code === 'TOO_MANY_UPLOADS') detail = t('uploads.waitForSlot');
  else if (isErrorCode(failure.code) && failure.code !== 'UPLOAD_FAILED') {
    detail = t(`errors.${failure.code}`);
  }
  return { headline, detail };
}

export function useUploadFailureText(): (item: Pick<UploadItem, 'failure'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (item) => {
      if (!item.failure) return '';
      const { headline, detail } = uploadFailureParts(item.failure, t);
      return detail ? `${headline} — ${detail}` : headline;
    },
    [t],
  );
}

export function StateIcon({ item }: { item: UploadItem }) {
  const common = 'size-5 shrink-0';
  switch (item.state) {
    case 'completed':
      return <CheckCircle2 className={clsx(common, 'text-emerald-600')} aria-hidden />;
    case 'error':
      return <AlertCircle className={clsx(common, 'text-red-600')} aria-hidden />;
    case 'cancelled':
      return <Ban className={clsx(common, 'text-gray-400')} aria-hidden />;
    default:
      return <UploadCloud className={clsx(common, 'text-brand-600')} aria-hidden />;
  }
}

export function UploadEntry({
  item,
  projectLabel,
  onRetryRefused,
}: {
  item: UploadItem;
  projectLabel: string | null;
  onRetryRefused: () => void;
}) {
  const { t, i18n } = useTranslation();
  const size = formatBytes(item.size, i18n.language);
  const failure = item.failure ? uploadFailureParts(item.failure, t) : null;
  const iconButton =
    'rounded-lg p-1.5 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <li className="flex items-start gap-3 px-3 py-3" aria-label={item.name} data-state={item.state}>
      <StateIcon item={item} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate text-sm font-medium text-gray-900" title={item.name}>
            {item.name}
          </p>
          <span className="shrink-0 text-xs font-medium text-gray-600">
            {t(`uploads.states.${item.state}`)}
          </span>
        </div>
        {projectLabel && <p className="truncate text-xs text-gray-500">{projectLabel}</p>}
        {item.state === 'uploading' && (
          <div className="mt-2">
            <Progress
              value={item.progress}
              label={t('uploads.progressLabel', { name: item.name })}
            />
            <p className="mt-1 flex justify-between gap-2 text-xs text-gray-500 tabular-nums">
              <span className="truncate">
                {item.reconnecting
                  ? t('uploads.reconnecting')
                  : item.resumed
                    ? t('uploads.resuming')
                    : t('uploads.bytes', {
                        sent: formatBytes(item.bytesSent, i18n.language),
                        total: size,
                      })}
              </span>
              {item.progress !== null && <span>{Math.floor(item.progress)}%</span>}
            </p>
          </div>
        )}
        {item.state === 'completed' && (
          <p className="mt-0.5 text-xs text-gray-600">
            {t('uploads.completedHint', { size })}{' '}
            {item.modelId && (
              <Link
                to={`/model/${item.modelId}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {t('uploads.openModel')}
              </Link>
            )}
          </p>
        )}
        {item.state === 'cancelled' && (
          <p className="mt-0.5 text-xs text-gray-500">{t('uploads.cancelledHint')}</p>
        )}
        {failure && (
          <div className="mt-1 text-xs" role="alert">
            <p className="font-medium text-red-700">{failure.headline}</p>
            {failure.detail && <p className="text-red-700/90">{failure.detail}</p>}
          </div>
        )}
      </div>
      <div className="-mt-1 -mr-1 flex shrink-0 items-center">
        {item.state === 'uploading' ? (
          <button
            type="button"
            className={iconButton}
            aria-label={t('uploads.cancelNamed', { name: item.name })}
            title={t('uploads.cancel')}
            onClick={() => uploadQueue.cancel(item.id)}
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : (
          <>
            {(item.state === 'cancelled' || item.failure?.retryable) && (
              <button
                type="button"
                className={iconButton}
                aria-label={t('uploads.retryNamed', { name: item.name })}
                title={t('uploads.retry')}
                onClick={() => {
                  if (!uploadQueue.retry(item.id).ok) onRetryRefused();
                }}
              >
                <RotateCcw className="size-4" aria-hidden />
              </button>
            )}
            <button
              type="button"
              className={iconButton}
              aria-label={t('uploads.dismissNamed', { name: item.name })}
              title={t('uploads.dismiss')}
              onClick={() => uploadQueue.remove(item.id)}
            >
              <X className="size-4" aria-hidden />
            </button>
          </>
        )}
      </div>
    </li>
  );
}

export function UnfinishedEntry({
  entry,
  projectLabel,
  onResume,
}: {
  entry: UnfinishedUpload;
  projectLabel: string | null;
  onResume: (entry: UnfinishedUpload) => void;
}) {
  const { t, i18n } = useTranslation();
  const [discarding, setDiscarding] = useState(false);
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" aria-label={entry.filename}>
      <History className="size-5 shrink-0 text-amber-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900" title={entry.filename}>
          {entry.filename}
        </p>
        <p className="truncate text-xs text-gray-500">
          {[formatBytes(entry.size, i18n.language), projectLabel].filter(Boolean).join(' · ')}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('uploads.resumeNamed', { name: entry.filename })}
        onClick={() => onResume(entry)}
      >
        {t('uploads.resume')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        loading={discarding}
        aria-label={t('uploads.discardNamed', { name: entry.filename })}
        onClick={() => {
          setDiscarding(true);
          void discardUpload(entry.uploadUrl).finally(() => setDiscarding(false));
        }}
      >
        {t('uploads.discard')}
      </Button>
    </li>
  );
}
