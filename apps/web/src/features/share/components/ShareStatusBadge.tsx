import { useTranslation } from 'react-i18next';
import type { Share } from '@truss/contracts';
import { Badge } from '../../../shared/ui/Page';

/** Active, Disabled, or Expired (an active share past its expiry answers "does not exist"). */
export function ShareStatusBadge({ share }: { share: Pick<Share, 'status' | 'expired'> }) {
  const { t } = useTranslation();
  if (share.status === 'disabled') return <Badge>{t('share.status.disabled')}</Badge>;
  if (share.expired) return <Badge tone="amber">{t('share.status.expired')}</Badge>;
  return <Badge tone="green">{t('share.status.active')}</Badge>;
}
