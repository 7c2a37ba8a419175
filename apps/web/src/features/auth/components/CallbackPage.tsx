import { useTranslation } from 'react-i18next';
import { Link2Off } from 'lucide-react';
import { NotYetCard } from './NotYetCard';

/** Where Google / WeChat sign-in will return to; those providers are not connected yet. */
export default function CallbackPage() {
  const { t } = useTranslation();
  return (
    <NotYetCard
      icon={Link2Off}
      title={t('auth.callbackTitle')}
      description={t('auth.callbackNotYet')}
      actionLabel={t('auth.signInWithPassword')}
    />
  );
}
