import { formatMoney, type BillingInterval } from '@hubbub/contract';

/** A price in the currency's minor unit as people read it: "$15", "$4.50", "Free". */
export function formatPrice(minor: number | null, currency: string, locale?: string): string | null {
  if (minor === null) return null;
  if (minor === 0) return 'Free';
  return formatMoney(minor, currency, { locale, trimWhole: true });
}

export function priceOf(item: { monthlyPrice: number | null; yearlyPrice: number | null }, interval: BillingInterval): number | null {
  return interval === 'year' ? item.yearlyPrice : item.monthlyPrice;
}

export const perInterval = (interval: BillingInterval) => (interval === 'year' ? '/ year' : '/ month');
