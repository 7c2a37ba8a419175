import { useTranslation } from 'react-i18next';
import { CheckCircle2 } from 'lucide-react';
import type { Share } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { embedSnippet } from '../api';
import { CopyField } from './CopyField';
import { ShareExpiry } from './ShareExpiry';
import { ShareQr } from './ShareQr';
import { ShareTypeBadge } from './ShareTypeBadge';

/**
 * A link just created (or given a new code): the link, the code (this is the only time the
 * server returns it; it keeps an HMAC) and the embed snippet, each with Copy.
 */
export function ShareResult({
  share,
  created,
  onBack,
  onDone,
}: {
  share: Share;
  created: boolean;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4 pb-2">
      <div className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
        <div className="min-w-0 text-sm text-emerald-900">
          <p className="font-medium">
            {created ? t('share.result.created') : t('share.result.codeChanged')}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-emerald-800">
            <ShareTypeBadge type={share.type} />
            <span>
              {t('share.result.expires')} <ShareExpiry share={share} />
            </span>
          </p>
        </div>
      </div>
      <CopyField label={t('share.result.link')} value={share.url} />
      <ShareQr share={share} />
      {share.access_code && (
        <div className="space-y-1">
          <CopyField label={t('share.result.code')} value={share.access_code} mono />
          <p className="text-xs text-gray-500">{t('share.result.codeOnce')}</p>
        </div>
      )}
      <div className="space-y-1">
        <CopyField
          label={t('share.result.embed')}
          value={embedSnippet(share.url, share.model_name)}
          multiline
        />
        <p className="text-xs text-gray-500">{t('share.result.embedHint')}</p>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-gray-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack}>
          {t('share.result.back')}
        </Button>
        <Button onClick={onDone}>{t('common.done')}</Button>
      </div>
    </div>
  );
}
