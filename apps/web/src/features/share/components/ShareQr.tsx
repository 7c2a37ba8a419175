import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { Share } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { QrCode } from '../../../shared/ui/QrCode';
import { saveBlob } from '../../../shared/lib/download';
import { toast } from '../../../lib/toast';
import { posterFileName, posterPng, posterSvg, type PosterText } from '../poster';
import { useShareProjectName } from '../project-name';

/**
 * The link as a QR code (links travel by phone: WeChat scans it), with a poster to download
 * as PNG or SVG that names the model and project above the code.
 */
export function ShareQr({ share }: { share: Share }) {
  const { t } = useTranslation();
  const projectName = useShareProjectName();
  const [saving, setSaving] = useState<'png' | 'svg' | null>(null);
  const text: PosterText = {
    url: share.url,
    model: share.model_name,
    project: projectName(share),
    caption: t('share.qr.caption'),
  };
  const save = async (kind: 'png' | 'svg') => {
    setSaving(kind);
    try {
      const blob =
        kind === 'png'
          ? await posterPng(text)
          : new Blob([await posterSvg(text)], { type: 'image/svg+xml' });
      saveBlob(blob, `${posterFileName(share.model_name)}.${kind}`);
    } catch (error) {
      console.warn('[share] QR poster failed', error);
      toast.error(t('share.qr.failed'));
    } finally {
      setSaving(null);
    }
  };
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-gray-200 p-3 sm:flex-row sm:items-start">
      <QrCode
        value={share.url}
        label={t('share.qr.label', { name: share.model_name })}
        size={152}
      />
      <div className="min-w-0 flex-1 space-y-2 text-center sm:text-left">
        <p className="text-sm font-medium text-gray-900">{t('share.qr.title')}</p>
        <p className="text-xs text-gray-500">{t('share.qr.hint')}</p>
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          {(['png', 'svg'] as const).map((kind) => (
            <Button
              key={kind}
              variant="secondary"
              size="sm"
              disabled={saving !== null}
              onClick={() => void save(kind)}
            >
              <Download className="size-4" aria-hidden />
              {kind === 'png' ? t('share.qr.downloadPng') : t('share.qr.downloadSvg')}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
