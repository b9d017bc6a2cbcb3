/**
 * npm run fake-stripe — the tests' fake Stripe on a fixed port (FAKE_STRIPE_PORT, 9200), for trying
 * Checkout and the customer portal by hand without a Stripe account. It prints the variables to start
 * Hubbub with and the `plans price` command that sells its prices, then runs until Ctrl-C. Its Checkout
 * page has Pay and Cancel; Pay sends the signed webhook events to Hubbub's webhook.
 */
import { subscriptionApi } from '@hubbub/contract';
import { FakeStripe } from '../apps/server/test/support/fake-stripe.js';

const fake = await FakeStripe.start(Number(process.env.FAKE_STRIPE_PORT ?? 9200));
const hubbub = (process.env.HUBBUB_URL ?? 'http://localhost:8080').replace(/\/$/, '');
fake.webhookUrl = `${hubbub}${subscriptionApi.stripeWebhook.path}`;
const env = Object.entries(fake.env())
  .map(([k, v]) => `${k}=${v}`)
  .join(' \\\n  ');
const prices = FakeStripe.priceAssignments()
  .map((a) => a.join(' '))
  .join(' ');

process.stdout.write(`Fake Stripe running on ${fake.base} (webhooks go to ${fake.webhookUrl}; HUBBUB_URL changes it).

Sell its prices (once, with the server stopped or running):
  npm run plans -- price ${prices}

Start Hubbub with it (in another terminal):
  ${env} \\
  npm start

Then open ${hubbub}/account/subscription. Ctrl-C stops it.
`);

const stop = () => void fake.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
