import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { NotYetCard } from './NotYetCard';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <NotYetCard
      icon={KeyRound}
      title={t('auth.resetTitle')}
      description={t('auth.resetNotYet')}
      actionLabel={t('auth.backToSignIn')}
    />
  );
}
