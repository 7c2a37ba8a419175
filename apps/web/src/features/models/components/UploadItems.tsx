import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { AlertCircle, RotateCcw, UploadCloud, X } from 'lucide-react';
import { Badge, Card } from '../../../components/ui/Page';
import { Progress } from '../../../components/ui/Progress';
import { formatBytes } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { UploadItem } from '../uploads/queue';
import { uploadQueue } from '../uploads/store';
import { useUploadFailureText } from './UploadEntries';

/** An upload still running (or failed) in this tab, shown where its model will appear. */
function UploadLine({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation();
  const failureText = useUploadFailureText();
  if (item.state === 'error') {
    return <p className="truncate text-xs text-red-700">{failureText(item)}</p>;
  }
  return (
    <div className="mt-1 max-w-72">
      <Progress value={item.progress} label={t('uploads.progressLabel', { name: item.name })} />
      <p className="mt-1 truncate text-xs text-gray-500 tabular-nums">
        {item.reconnecting
          ? t('uploads.reconnecting')
          : t('uploads.bytes', {
              sent: formatBytes(item.bytesSent, i18n.language),
              total: formatBytes(item.size, i18n.language),
            })}
      </p>
    </div>
  );
}

function UploadActions({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const button =
    'rounded-lg p-1.5 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600';
  if (item.state === 'uploading') {
    return (
      <button
        type="button"
        className={button}
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
      {item.failure?.retryable && (
        <button
          type="button"
          className={button}
          aria-label={t('uploads.retryNamed', { name: item.name })}
          title={t('uploads.retry')}
          onClick={() => {
            const result = uploadQueue.retry(item.id);
            if (!result.ok) toast.error(t('errors.TOO_MANY_UPLOADS'), t('uploads.waitForSlot'));
          }}
        >
          <RotateCcw className="size-4" aria-hidden />
        </button>
      )}
      <button
        type="button"
        className={button}
        aria-label={t('uploads.dismissNamed', { name: item.name })}
        title={t('uploads.dismiss')}
        onClick={() => uploadQueue.remove(item.id)}
      >
        <X className="size-4" aria-hidden />
      </button>
    </>
  );
}

function UploadBadge({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  if (item.state === 'error') {
    return (
      <Badge tone="red" className="whitespace-nowrap">
        <AlertCircle className="size-3.5" aria-hidden />
        {t('errors.UPLOAD_FAILED')}
      </Badge>
    );
  }
  return (
    <Badge tone="brand" className="whitespace-nowrap">
      <UploadCloud className="size-3.5" aria-hidden />
      {t('models.status.uploading')}
      {item.progress !== null && <span className="tabular-nums">{Math.floor(item.progress)}%</span>}
    </Badge>
  );
}

export function UploadRow({ item }: { item: UploadItem }) {
  const { i18n } = useTranslation();
  return (
    <tr
      className={clsx(
        'border-b border-gray-100 last:border-0',
        item.state === 'error' ? 'bg-red-50/30' : 'bg-brand-50/30',
      )}
    >
      <td className="max-w-0 px-4 py-2.5">
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white ring-1 ring-gray-200">
            {item.state === 'error' ? (
              <AlertCircle className="size-5 text-red-400" aria-hidden />
            ) : (
              <UploadCloud className="size-5 text-brand-500" aria-hidden />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-gray-900" title={item.name}>
              {item.name}
            </p>
            <div className="mt-0.5 sm:hidden">
              <UploadBadge item={item} />
            </div>
            <UploadLine item={item} />
          </div>
        </div>
      </td>
      <td className="hidden px-4 py-2.5 text-gray-400 lg:table-cell">—</td>
      <td className="hidden px-4 py-2.5 whitespace-nowrap text-gray-600 tabular-nums sm:table-cell">
        {formatBytes(item.size, i18n.language)}
      </td>
      <td className="hidden px-4 py-2.5 xl:table-cell" />
      <td className="hidden px-4 py-2.5 sm:table-cell">
        <UploadBadge item={item} />
      </td>
      <td className="hidden px-4 py-2.5 md:table-cell" />
      <td className="px-2 py-2.5">
        <div className="flex items-center justify-end">
          <UploadActions item={item} />
        </div>
      </td>
    </tr>
  );
}

export function UploadCard({ item }: { item: UploadItem }) {
  const { i18n } = useTranslation();
  return (
    <Card className="relative flex h-full flex-col overflow-hidden border-dashed">
      <div
        className={clsx(
          'flex aspect-[4/3] items-center justify-center border-b border-gray-100',
          item.state === 'error' ? 'bg-red-50/40' : 'bg-brand-50/40',
        )}
      >
        {item.state === 'error' ? (
          <AlertCircle className="size-10 text-red-300" aria-hidden />
        ) : (
          <UploadCloud className="size-10 animate-pulse text-brand-400" aria-hidden />
        )}
      </div>
      <div className="absolute top-2 left-2">
        <UploadBadge item={item} />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1 truncate font-medium text-gray-900" title={item.name}>
            {item.name}
          </p>
          <div className="-mt-1 -mr-1 flex">
            <UploadActions item={item} />
          </div>
        </div>
        <UploadLine item={item} />
        <p className="mt-auto pt-1 text-xs text-gray-500">
          {formatBytes(item.size, i18n.language)}
        </p>
      </div>
    </Card>
  );
}
