import { useMutation } from '@tanstack/react-query';
import { subscriptionApi, type BillingRedirect, type CheckoutRequest } from '@hubbub/contract';
import { api } from '@/lib/api';

export function startCheckout(request: CheckoutRequest): Promise<BillingRedirect> {
  return api.call(subscriptionApi.checkout, { body: request });
}

export function openPortal(): Promise<BillingRedirect> {
  return api.call(subscriptionApi.portal);
}

/** Leaves the app for Stripe (Checkout, or the customer portal when the account already pays there). */
const leaveFor = ({ url }: BillingRedirect) => window.location.assign(url);

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout, onSuccess: leaveFor });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal, onSuccess: leaveFor });
}
