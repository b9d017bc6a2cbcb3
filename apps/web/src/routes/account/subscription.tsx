import { useUsage } from '@/features/account/api/get-usage';
import { UsageBars } from '@/features/account/components/usage-bars';
import { SubscriptionPanel } from '@/features/subscription/components/subscription-panel';

export default function AccountSubscriptionRoute() {
  const usage = useUsage();
  return <SubscriptionPanel usage={usage.data} usageBars={<UsageBars usage={usage.data} loading={usage.isPending} />} />;
}
