import { OrderHistory } from '../../subscription/components/OrderHistory';
import { PlanGrid } from '../../subscription/components/PlanGrid';
import { SubscriptionSummary } from '../../subscription/components/SubscriptionSummary';

/** /settings/plan: the current plan with its period end and usage, the orders, the plans. */
export default function PlanSettingsPage() {
  return (
    <div className="space-y-8">
      <SubscriptionSummary showPlansLink={false} />
      <OrderHistory />
      <PlanGrid />
    </div>
  );
}
