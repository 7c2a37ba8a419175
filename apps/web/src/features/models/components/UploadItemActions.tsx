import { useTranslation } from 'react-i18next';
import { RotateCcw, X } from 'lucide-react';
import { toast } from '../../../lib/toast';
import type { UploadItem } from '../uploads/queue';
import { uploadQueue } from '../uploads/store';

const iconButton =
  'rounded-lg p-1.5 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * An upload's buttons, wherever it is listed (the upload dialog, the project's models): cancel
 * while it runs; afterwards retry (when it can be) and dismiss.
 */
export function UploadItemActions({
  item,
  onRetryRefused,
}: {
  item: UploadItem;
  /** A retry found every upload slot taken; without this, a toast says so. */
  onRetryRefused?: () => void;
}) {
  const { t } = useTranslation();
  if (item.state === 'uploading') {
    return (
      <button
        type="button"
        className={iconButton}
        aria-label={t('uploads.cancelNamed', { name: item.name })}
        title={t('uploads.cancel')}
        onClick={() => uploadQueue.cancel(item.id)}
      >
        <X className="size-4" aria-hidden />
      </button>
    );
  }
  return (
    <>
      {(item.state === 'cancelled' || item.failure?.retryable) && (
        <button
          type="button"
          className={iconButton}
          aria-label={t('uploads.retryNamed', { name: item.name })}
          title={t('uploads.retry')}
          onClick={() => {
            if (uploadQueue.retry(item.id).ok) return;
            if (onRetryRefused) onRetryRefused();
            else toast.error(t('errors.TOO_MANY_UPLOADS'), t('uploads.waitForSlot'));
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
  );
}
