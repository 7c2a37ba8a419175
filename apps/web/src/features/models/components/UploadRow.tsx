import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { AlertCircle, UploadCloud } from 'lucide-react';
import { formatBytes } from '../../../lib/format';
import type { UploadItem } from '../uploads/queue';
import { UploadBadge } from './UploadBadge';
import { UploadItemActions } from './UploadItemActions';
import { UploadStatusLine } from './UploadStatusLine';

/** List view: an upload into the project still running (or failed) in this tab, as a table row. */
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
            <UploadStatusLine item={item} />
          </div>
        </div>
      </td>
      <td className="hidden px-4 py-2.5 text-gray-500 lg:table-cell">—</td>
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
          <UploadItemActions item={item} />
        </div>
      </td>
    </tr>
  );
}
