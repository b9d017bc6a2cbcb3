import { describe, expect, it } from 'vitest';
import { byStripePrice, planIn, productList, type Catalogue } from './catalogue.js';

const plan = (name: string, feature: string | null, month: string | null) => ({
  plan: name,
  feature,
  name,
  description: '',
  eventCapacity: 1,
  calendarCapacity: 1,
  flyerCapacity: 1,
  monthlyPrice: 0,
  yearlyPrice: 0,
  currency: 'usd',
  stripePriceMonth: month,
  stripePriceYear: null,
  position: 0,
});
const catalogue: Catalogue = {
  plans: [plan('Free', null, 'price_free'), plan('Pro', 'SubscriptionLevel.Pro', 'price_pro'), plan('Basic', 'SubscriptionLevel.Basic', null)],
  addOns: [{ feature: 'Download.HTML', name: 'HTML', description: '', monthlyPrice: 300, yearlyPrice: null, currency: 'usd', stripePriceMonth: null, stripePriceYear: 'price_html_y', position: 0 }],
};

describe('the catalogue', () => {
  it('is purchasable only with billing on, a Stripe price, and never Free', () => {
    expect(productList(catalogue, true).map((p) => p.purchasable)).toEqual([false, true, false, true]);
    expect(productList(catalogue, false).every((p) => !p.purchasable)).toBe(true);
  });

  it('finds what a Stripe price stands for', () => {
    expect(byStripePrice(catalogue, 'price_pro')).toEqual({ plan: 'Pro' });
    expect(byStripePrice(catalogue, 'price_html_y')).toEqual({ addOn: 'Download.HTML' });
    expect(byStripePrice(catalogue, 'price_other')).toBeUndefined();
  });

  it('counts a plan no longer in the catalogue as the first, Free', () => {
    expect(planIn(catalogue, 'Gold').plan).toBe('Free');
  });
});
