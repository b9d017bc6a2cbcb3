import { describe, expect, it } from 'vitest';
import { entitlementsOf, mayApply, stateOf, type StripeSubscriptionLike } from './stripe-state.js';

const owner = (price: string) => ({ price_pro: { plan: 'Pro' }, price_basic: { plan: 'Basic' }, price_html: { addOn: 'Download.HTML' } })[price];
const sub = (over: Partial<StripeSubscriptionLike> = {}): StripeSubscriptionLike => ({
  id: 'sub_1',
  status: 'active',
  customer: 'cus_1',
  items: { data: [{ price: { id: 'price_pro' }, current_period_end: 1_900_000_000 }, { price: { id: 'price_html' } }] },
  ...over,
});

describe('stateOf', () => {
  it('reads the plan, the add-ons and the period from the items', () => {
    expect(stateOf(sub(), owner)).toEqual({
      plan: 'Pro',
      addOns: ['Download.HTML'],
      status: 'active',
      currentPeriodEnd: new Date(1_900_000_000_000),
      cancelAtPeriodEnd: false,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
  });

  it('is Free with no known plan price, and reads the old API place of the period end', () => {
    const state = stateOf(sub({ items: { data: [{ price: { id: 'price_unknown' } }] }, current_period_end: 1_800_000_000, customer: { id: 'cus_2' } }), owner);
    expect(state).toMatchObject({ plan: 'Free', addOns: [], currentPeriodEnd: new Date(1_800_000_000_000), customerId: 'cus_2' });
  });

  it.each([
    ['unpaid', 'past_due'],
    ['incomplete_expired', 'canceled'],
    ['incomplete', null],
    ['something new', null],
  ])('maps status %s to %s', (status, expected) => {
    expect(stateOf(sub({ status }), owner).status).toBe(expected);
  });
});

describe('entitlementsOf', () => {
  it('keeps the plan while past due and drops everything once canceled', () => {
    expect(entitlementsOf({ plan: 'Pro', addOns: ['Download.HTML'], status: 'past_due' })).toEqual({ plan: 'Pro', addOns: ['Download.HTML'] });
    expect(entitlementsOf({ plan: 'Pro', addOns: ['Download.HTML'], status: 'canceled' })).toEqual({ plan: 'Free', addOns: [] });
  });
});

describe('mayApply', () => {
  const at = new Date('2026-01-01T00:00:10Z');
  it('refuses an event older than the newest applied', () => {
    expect(mayApply({ stripeEventAt: at, stripeSubscriptionId: 'sub_1', status: 'active' }, { eventAt: new Date(at.getTime() - 1000), subscriptionId: 'sub_1', status: 'active' })).toBe(false);
    expect(mayApply({ stripeEventAt: at, stripeSubscriptionId: 'sub_1', status: 'active' }, { eventAt: at, subscriptionId: 'sub_1', status: 'active' })).toBe(true);
  });
  it('does not let an old subscription ending cancel the live one', () => {
    expect(mayApply({ stripeEventAt: null, stripeSubscriptionId: 'sub_2', status: 'active' }, { eventAt: at, subscriptionId: 'sub_1', status: 'canceled' })).toBe(false);
    expect(mayApply(undefined, { eventAt: at, subscriptionId: 'sub_1', status: 'canceled' })).toBe(true);
  });
});
