import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { STATUS_BADGE, STATUS_KEYS, isStatus } from '../labels';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1',
        STATUS_BADGE[status] ?? 'bg-gray-100 text-gray-700 ring-gray-200',
      )}
    >
      {isStatus(status) ? t(`topics.status.${STATUS_KEYS[status]}`) : status}
    </span>
  );
}
