import { OrderHistory, PlanGrid, SubscriptionSummary } from '../../subscription';

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
