import Stripe from 'stripe';
import type { Config } from '../../config.js';

const clients = new WeakMap<Config, Stripe>();

/** The Stripe SDK for this configuration; STRIPE_API_URL points it at another host (the tests' fake Stripe). */
export function stripeOf(config: Config): Stripe {
  const known = clients.get(config);
  if (known) return known;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const client = new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: 'Hubbub' },
  });
  clients.set(config, client);
  return client;
}
