import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Model } from '@truss/contracts';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { downloadOriginal } from './api';

/** Downloads the original with the bearer token; a toast says so if it fails. */
export function useDownload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const start = (model: Model) => {
    if (busy) return;
    setBusy(model.id);
    downloadOriginal(model)
      .catch((error: unknown) => toast.error(t('models.downloadFailed'), errorMessage(error, t)))
      .finally(() => setBusy(null));
  };
  return { busy, start };
}
