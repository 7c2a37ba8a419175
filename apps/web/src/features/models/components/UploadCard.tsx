import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { AlertCircle, UploadCloud } from 'lucide-react';
import { Card } from '../../../shared/ui/Page';
import { formatBytes } from '../../../lib/format';
import type { UploadItem } from '../uploads/queue';
import { UploadBadge } from './UploadBadge';
import { UploadItemActions } from './UploadItemActions';
import { UploadStatusLine } from './UploadStatusLine';

/** Grid view: an upload into the project still running (or failed) in this tab, as a card. */
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
            <UploadItemActions item={item} />
          </div>
        </div>
        <UploadStatusLine item={item} />
        <p className="mt-auto pt-1 text-xs text-gray-500">
          {formatBytes(item.size, i18n.language)}
        </p>
      </div>
    </Card>
  );
}
