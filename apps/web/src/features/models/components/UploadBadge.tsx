import { useTranslation } from 'react-i18next';
import { AlertCircle, UploadCloud } from 'lucide-react';
import { Badge } from '../../../shared/ui/Page';
import type { UploadItem } from '../uploads/queue';

/** Uploading (with its percentage) or upload failed, where a model's status badge would be. */
export function UploadBadge({ item }: { item: UploadItem }) {
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
