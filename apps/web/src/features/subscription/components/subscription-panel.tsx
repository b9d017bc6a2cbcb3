import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { addOnsFromClaims, formatNumber, planFromClaims, type AccountUsage, type AddOnProduct, type BillingInterval, type Product } from '@hubbub/contract';
import { ErrorPanel } from '@/components/error-panel';
import { PlanBadge } from '@/components/plan-badge';
import { hasCode } from '@/lib/api';
import { useSessionUser } from '@/lib/session';
import { useOpenPortal, useStartCheckout } from '../api/subscription-redirects';
import { useProducts } from '../api/get-products';
import { useSubscription } from '../api/get-subscription';
import { isDowngrade, overCapacity } from '../lib/downgrade';
import { AddOnCards } from './add-on-cards';
import { PlanCards } from './plan-cards';
import { SubscriptionStatus } from './subscription-status';
import { useCheckoutReturn } from './use-checkout-return';

function billingError(error: unknown) {
  const message = hasCode(error, 'billing_unavailable', 'product_unavailable', 'billing_failed') ? error.detail || error.title : 'Billing could not be reached. Please try again.';
  notifications.show({ color: 'red', title: 'Could not open billing', message });
}

/**
 * Without online billing nothing is charged, so no price is shown, and the note says where the plan
 * came from: the site's default for new accounts (issue 26: a plan without practical limits unless
 * the operator chose otherwise), or the operator.
 */
function operatorNote(source: string, plan: string): string {
  const ask = 'Plans are not sold on this site; to change yours, ask the people who run this Hubbub.';
  if (source === 'default') return `${plan} is the plan this site gives every new account, at no charge. ${ask}`;
  if (source === 'operator') return `This site's operator put your account on ${plan}, at no charge. ${ask}`;
  return ask;
}

interface SubscriptionPanelProps {
  /** What the account uses now, to say what a downgrade would leave over its limits. */
  usage: AccountUsage | null | undefined;
  /** The usage bars, which the account feature draws. */
  usageBars: ReactNode;
}

/** The plan shown is the server's subscription; until it loads, the token's Feature claim (spec 6). */
export function SubscriptionPanel({ usage, usageBars }: SubscriptionPanelProps) {
  const user = useSessionUser();
  const claims = user?.claims ?? {};
  const token = { plan: planFromClaims(claims), addOns: addOnsFromClaims(claims) };
  const products = useProducts();
  const [interval, setInterval] = useState<BillingInterval>('month');
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const [pollMs, setPollMs] = useState<number | false>(false);
  const subscription = useSubscription(pollMs);
  const returning = useCheckoutReturn(subscription.data, token);
  if (returning.pollMs !== pollMs) setPollMs(returning.pollMs);

  const plan = subscription.data?.plan ?? token.plan;
  const addOns = subscription.data?.addOns ?? token.addOns;
  const online = subscription.data?.billing === 'stripe';
  const currentProduct = products.data?.plans.find((p) => p.plan === plan);

  const choosePlan = (product: Product) => {
    const go = () => checkout.mutate({ plan: product.plan as 'Basic' | 'Pro' | 'Enterprise', addOns: [], interval }, { onError: billingError });
    if (!isDowngrade(currentProduct, product)) return go();
    const over = overCapacity(usage, product);
    modals.openConfirmModal({
      title: `Move to ${product.name}?`,
      children: (
        <Stack gap="xs">
          {over.map((line) => (
            <Text key={line} size="sm" fw={600}>
              {line}
            </Text>
          ))}
          <Text size="sm">
            Nothing is deleted: events over the new limit stay visible and editable, but you cannot create new ones until you are under it. {product.name} allows {formatNumber(product.eventCapacity)} events and {formatNumber(product.flyerCapacity)} flyers per event.
          </Text>
        </Stack>
      ),
      labels: { confirm: `Move to ${product.name}`, cancel: 'Keep my plan' },
      onConfirm: go,
    });
  };
  const buyAddOn = (addOn: AddOnProduct) => checkout.mutate({ addOns: [addOn.feature], interval }, { onError: billingError });

  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="sm">
              <Text fw={600}>Your plan</Text>
              <PlanBadge plan={plan} size="lg" data-testid="subscription-plan" />
              {returning.confirming && (
                <Text size="sm" c="dimmed">
                  Confirming your payment…
                </Text>
              )}
            </Group>
            {subscription.data?.canManageBilling && (
              <Button variant="default" loading={portal.isPending} onClick={() => portal.mutate(undefined, { onError: billingError })}>
                Manage billing
              </Button>
            )}
          </Group>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Add-ons:
            </Text>
            {addOns.length ? (
              addOns.map((addOn) => (
                <Badge key={addOn} variant="outline" color="gray" tt="none">
                  {products.data?.addOns.find((a) => a.feature === addOn)?.name ?? addOn}
                </Badge>
              ))
            ) : (
              <Text size="sm">none</Text>
            )}
          </Group>
          {subscription.data?.source === 'demo' && (
            <Text size="sm" data-testid="demo-account-plan">
              This is a shared demo account: every feature is on (plan {subscription.data.plan}) so you can try everything. Anyone with the demo password can sign in to it, so keep nothing private here.
            </Text>
          )}
          {subscription.data && <SubscriptionStatus subscription={subscription.data} />}
        </Stack>
      </Paper>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          Usage
        </Title>
        <Paper withBorder radius="md" p="md">
          {usageBars}
        </Paper>
      </Stack>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Plans
          </Title>
          {online && (
            <SegmentedControl
              size="xs"
              value={interval}
              onChange={(v) => setInterval(v as BillingInterval)}
              data={[
                { value: 'month', label: 'Monthly' },
                { value: 'year', label: 'Yearly' },
              ]}
            />
          )}
        </Group>
        {subscription.data && !online && (
          <Text size="sm" c="dimmed" data-testid="operator-assigns-plans">
            {operatorNote(subscription.data.source, subscription.data.plan)}
          </Text>
        )}
        {products.isPending && <Skeleton height={180} radius="md" />}
        {products.isError && <ErrorPanel error={products.error} title="Could not load the plans" onRetry={() => void products.refetch()} />}
        {products.data && (
          <PlanCards
            products={products.data.plans}
            current={plan}
            interval={interval}
            onChoose={online ? choosePlan : undefined}
            hidePrices={Boolean(subscription.data) && !online}
            busyPlan={checkout.isPending ? (checkout.variables?.plan ?? null) : null}
          />
        )}
      </Stack>

      {products.data && products.data.addOns.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Add-ons
          </Title>
          <AddOnCards
            addOns={products.data.addOns}
            owned={addOns}
            interval={interval}
            onBuy={online ? buyAddOn : undefined}
            hidePrices={Boolean(subscription.data) && !online}
            busy={checkout.isPending && !checkout.variables?.plan ? (checkout.variables?.addOns?.[0] ?? null) : null}
          />
        </Stack>
      )}
    </Stack>
  );
}
