import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { Badge } from '../../../shared/ui/Page';

/** "Code locked": too many wrong codes; the owner must set a new one. */
export function CodeLockedBadge() {
  const { t } = useTranslation();
  return (
    <Badge tone="red" className="whitespace-nowrap">
      <ShieldAlert className="size-3" aria-hidden />
      {t('share.list.codeLocked')}
    </Badge>
  );
}
