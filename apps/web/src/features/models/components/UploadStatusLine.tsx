import { useTranslation } from 'react-i18next';
import { Progress } from '../../../shared/ui/Progress';
import { formatBytes } from '../../../lib/format';
import type { UploadItem } from '../uploads/queue';
import { useUploadFailureText } from '../uploads/failure-text';

/** An upload still running (or failed) in this tab, shown where its model will appear. */
export function UploadStatusLine({ item }: { item: UploadItem }) {
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
