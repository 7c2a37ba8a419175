import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { AlertCircle, Ban, CheckCircle2, UploadCloud } from 'lucide-react';
import { Progress } from '../../../shared/ui/Progress';
import { formatBytes } from '../../../lib/format';
import type { UploadItem } from '../uploads/queue';
import { uploadFailureParts } from '../uploads/failure-text';
import { UploadItemActions } from './UploadItemActions';

function UploadStateIcon({ item }: { item: UploadItem }) {
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

/** An upload in the upload dialog: its state, progress or outcome, and its buttons. */
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
  return (
    <li className="flex items-start gap-3 px-3 py-3" aria-label={item.name} data-state={item.state}>
      <UploadStateIcon item={item} />
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
        <UploadItemActions item={item} onRetryRefused={onRetryRefused} />
      </div>
    </li>
  );
}
