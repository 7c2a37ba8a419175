import { useTranslation } from 'react-i18next';
import { Globe, KeyRound, Lock } from 'lucide-react';
import type { ShareType } from '@truss/contracts';
import { Badge } from '../../../shared/ui/Page';

const shareTypeIcons: Record<ShareType, typeof Globe> = {
  public: Globe,
  password: KeyRound,
  private: Lock,
};

/** Public / Password protected / Private — with its icon. */
export function ShareTypeBadge({ type }: { type: ShareType }) {
  const { t } = useTranslation();
  const Icon = shareTypeIcons[type];
  return (
    <Badge tone={type === 'public' ? 'brand' : 'gray'} className="whitespace-nowrap">
      <Icon className="size-3" aria-hidden />
      {t(`share.types.${type}`)}
    </Badge>
  );
}
