import { PlanGrid } from '../../subscription/components/PlanGrid';
import { SubscriptionSummary } from '../../subscription/components/SubscriptionSummary';

/** /settings/plan: the current plan with its usage, and the plans to move to. */
export default function PlanSettingsPage() {
  return (
    <div className="space-y-8">
      <SubscriptionSummary showPlansLink={false} />
      <PlanGrid />
    </div>
  );
}
