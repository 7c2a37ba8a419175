import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/Page';
import { PlanGrid } from '../plans/PlanGrid';
import { SubscriptionSummary } from './SubscriptionSummary';

/** /upgrade: the user's plan and usage, then the plans. Buying arrives later. */
export default function UpgradePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('upgrade.title')} subtitle={t('upgrade.subtitle')} />
      <div className="mb-8">
        <SubscriptionSummary showPlansLink={false} />
      </div>
      <PlanGrid />
    </>
  );
}
