import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/Page';
import { SubscriptionSummary } from './SubscriptionSummary';

export default function SubscriptionPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('titles.subscription')} subtitle={t('plan.subscriptionSubtitle')} />
      <SubscriptionSummary />
    </>
  );
}
