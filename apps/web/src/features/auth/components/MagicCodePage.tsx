import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { NotYetCard } from './NotYetCard';

export default function MagicCodePage() {
  const { t } = useTranslation();
  return (
    <NotYetCard
      icon={Mail}
      title={t('auth.magicTitle')}
      description={t('auth.magicNotYet')}
      actionLabel={t('auth.signInWithPassword')}
    />
  );
}
