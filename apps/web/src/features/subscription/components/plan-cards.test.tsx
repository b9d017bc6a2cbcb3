import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@hubbub/contract';
import { PlanCards } from './plan-cards';

const plan = (name: Product['plan'], events: number, monthly: number, purchasable: boolean): Product => ({
  kind: 'plan',
  plan: name,
  feature: name === 'Free' ? null : `SubscriptionLevel.${name}`,
  name,
  description: `${name} plan`,
  eventCapacity: events,
  calendarCapacity: 1,
  flyerCapacity: 1,
  monthlyPrice: monthly,
  yearlyPrice: monthly * 10,
  currency: 'usd',
  purchasable,
});
const products = [plan('Free', 1, 0, false), plan('Basic', 10, 500, true), plan('Pro', 100, 1500, true)];

describe('PlanCards', () => {
  it('with billing online, offers the plans that can be bought, up as upgrades and down as switches', () => {
    const onChoose = vi.fn();
    render(<MantineProvider><PlanCards products={products} current="Basic" interval="month" onChoose={onChoose} /></MantineProvider>);
    expect(screen.queryByRole('button', { name: 'Switch to Basic' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(onChoose).toHaveBeenCalledWith(products[2]);
    // Free is not bought: it is where a cancellation leads.
    expect(screen.getByText(/To return to Free, cancel your plan/)).toBeTruthy();
    expect(screen.getByText('$15')).toBeTruthy();
  });

  it('shows yearly prices when asked', () => {
    render(<MantineProvider><PlanCards products={products} current="Free" interval="year" onChoose={() => undefined} /></MantineProvider>);
    expect(screen.getByText('$150')).toBeTruthy();
    expect(screen.getAllByText('/ year')).toHaveLength(2);
  });

  it('with plans set by the operator, only informs', () => {
    render(<MantineProvider><PlanCards products={products} current="Free" interval="month" /></MantineProvider>);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('plan-card-Free').getAttribute('aria-current')).toBe('true');
  });

  it('issue 26: with nothing sold here, shows capacities and no price (none is charged)', () => {
    render(<MantineProvider><PlanCards products={products} current="Pro" interval="month" hidePrices /></MantineProvider>);
    expect(screen.queryByText('$15')).toBeNull();
    expect(screen.queryAllByText('/ month')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
