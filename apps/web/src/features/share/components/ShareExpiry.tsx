import { useTranslation } from 'react-i18next';
import type { Share } from '@truss/contracts';
import { formatShortDateTime } from '../../../lib/format';

/** "Never expires", "Expired", or the date and time it runs out. */
export function ShareExpiry({ share }: { share: Pick<Share, 'expires_at' | 'expired'> }) {
  const { t, i18n } = useTranslation();
  if (!share.expires_at) return <span>{t('share.expiry.never')}</span>;
  const when = formatShortDateTime(share.expires_at, i18n.language);
  return (
    <time dateTime={share.expires_at} className={share.expired ? 'text-amber-700' : undefined}>
      {share.expired ? t('share.expiry.expiredOn', { date: when }) : when}
    </time>
  );
}
