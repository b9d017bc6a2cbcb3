import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { formatDate, type Subscription } from '@hubbub/contract';

/** Only what needs the person's attention: a failed payment, an end coming, a trial. */
export function SubscriptionStatus({ subscription }: { subscription: Subscription }) {
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd, { weekday: false }) : null;
  if (subscription.status === 'past_due') {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Your last payment failed" data-testid="subscription-past-due">
        You keep your {subscription.plan} plan while Stripe retries the payment. Update your payment method in &quot;Manage billing&quot;, or the plan ends when Stripe gives up.
      </Alert>
    );
  }
  if (subscription.cancelAtPeriodEnd) {
    return (
      <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="Your plan is canceled">
        {subscription.plan} stays until {end ?? 'the end of the period'}; then the account moves to Free. Nothing is deleted.
      </Alert>
    );
  }
  if (subscription.status === 'trialing') {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Trial">
        Your {subscription.plan} trial runs {end ? `until ${end}` : 'for now'}.
      </Alert>
    );
  }
  return null;
}
