import { SubscriptionPanel } from '@/features/account/components/subscription-panel';

export default function AccountSubscriptionRoute() {
  return <SubscriptionPanel />;
}
