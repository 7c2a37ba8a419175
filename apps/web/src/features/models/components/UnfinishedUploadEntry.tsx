import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { formatBytes } from '../../../lib/format';
import { discardUpload } from '../uploads/tus';
import type { UnfinishedUpload } from '../uploads/url-storage';

/** An upload an earlier visit left unfinished: resume it (choosing the file again) or discard it. */
export function UnfinishedUploadEntry({
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
