import { useTranslation } from 'react-i18next';
import type { Model } from '@truss/contracts';
import { formatBytes } from '../../../lib/format';
import { formatLabel } from '../labels';

/** Format and size, in one line. */
export function ModelMeta({ model }: { model: Model }) {
  const { t, i18n } = useTranslation();
  const parts = [
    formatLabel(model.format) ?? t('models.formatPending'),
    formatBytes(model.size, i18n.language),
  ];
  return <span className="truncate">{parts.join(' · ')}</span>;
}
