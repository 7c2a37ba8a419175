import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GitCompareArrows } from 'lucide-react';
import type { Model } from '@truss/contracts';
import { TipButton } from '../../viewer';

/**
 * The model page's "Compare" action: opens the compare view of the current version against the
 * one before it. Shown only while the model has at least two versions.
 */
export function CompareButton({ model }: { model: Model }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if ((model.version_count ?? 0) < 2) return null;
  return (
    <TipButton
      icon={GitCompareArrows}
      label={t('compare.action')}
      active={false}
      onClick={() => void navigate(`/model/${model.id}/compare`)}
    />
  );
}
