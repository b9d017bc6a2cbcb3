import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's REST API Hubbub calls (customers, Checkout sessions,
 * subscriptions, customer portal sessions), speaking as the SDK expects: form-encoded requests,
 * JSON objects shaped like Stripe's, Stripe-style errors. It also plays the browser side: the
 * Checkout page (Pay / Cancel) and the customer portal (switch plan, cancel, return), and sends
 * the webhook events Stripe would, signed with the SDK's own test header helper. Never the internet.
 *
 *   const fake = await FakeStripe.start();
 *   const t = await build({ env: fake.env() });
 *   fake.webhookUrl = `${t.url}${subscriptionApi.stripeWebhook.path}`;   // or send events yourself: fake.signed(event)
 *
 * The same controls are served over HTTP under /__fake/ for other processes (the e2e suite,
 * scripts/fake-stripe.ts): POST /__fake/webhook-url {url}, GET /__fake/calls.
 */

export const FAKE_STRIPE_KEY = 'sk_test_fake_stripe_key';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_stripe_webhook_secret';

/** The price ids the fake sells; give them to Hubbub with `plans price` (see priceCommands). */
export const FAKE_PRICES: Record<string, { month: string; year: string; amount: number }> = {
  Basic: { month: 'price_fake_basic_month', year: 'price_fake_basic_year', amount: 500 },
  Pro: { month: 'price_fake_pro_month', year: 'price_fake_pro_year', amount: 1500 },
  Enterprise: { month: 'price_fake_enterprise_month', year: 'price_fake_enterprise_year', amount: 9900 },
  'Download.HTML': { month: 'price_fake_download_html_month', year: 'price_fake_download_html_year', amount: 300 },
};
const PLANS = ['Basic', 'Pro', 'Enterprise'];

export interface FakeCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface Delivery {
  type: string;
  id: string;
  status: number;
  body: string;
}

type Obj = Record<string, unknown> & { id: string };

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key: string | number = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
        node = container[key] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title><style>body{font-family:sans-serif;max-width:36rem;margin:2rem auto}button{margin:.25rem}</style></head><body><h1>${esc(title)}</h1>${body}</body></html>`;

export class FakeStripe {
  readonly calls: FakeCall[] = [];
  readonly deliveries: Delivery[] = [];
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly portalSessions = new Map<string, Obj>();
  /** Where events go; unset: nowhere (tests then deliver with signed()). */
  webhookUrl: string | undefined;
  /** The next API call answers this Stripe error (status, message) instead. */
  failNext: { status: number; message: string } | undefined;
  private readonly stripe = new Stripe(FAKE_STRIPE_KEY);
  private lastCreated = 0;

  private constructor(
    private readonly server: http.Server,
    readonly base: string,
  ) {}

  static async start(port = 0): Promise<FakeStripe> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const fake = new FakeStripe(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (req, res) => {
      fake.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
    return fake;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Hubbub's settings to use this fake. */
  env(): Record<string, string> {
    return { STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_URL: this.base };
  }

  /** The `plans price` arguments that sell every fake price, as [name, interval, priceId]. */
  static priceAssignments(): [string, 'month' | 'year', string][] {
    return Object.entries(FAKE_PRICES).flatMap(([name, p]) => [
      [name, 'month', p.month] as [string, 'month', string],
      [name, 'year', p.year] as [string, 'year', string],
    ]);
  }

  callsTo(method: string, path: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  private id(prefix: string) {
    return `${prefix}_${randomBytes(10).toString('hex')}`;
  }

  /** Seconds, never going back: events made one after the other keep their order. */
  private created() {
    this.lastCreated = Math.max(this.lastCreated, Math.floor(Date.now() / 1000));
    return this.lastCreated;
  }

  /** A Stripe event around an object (a copy, as it was now); `created` may be set to play late deliveries. */
  event(type: string, object: Obj, created = this.created()): Stripe.Event {
    return {
      id: this.id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
  }

  /** The body and Stripe-Signature header of an event, signed as Stripe signs (or with another secret). */
  signed(event: Stripe.Event, secret = FAKE_WEBHOOK_SECRET): { payload: string; headers: Record<string, string> } {
    return this.signedRaw(JSON.stringify(event), secret);
  }

  /** Any body, signed: what only someone holding the webhook secret could send. */
  signedRaw(payload: string, secret = FAKE_WEBHOOK_SECRET): { payload: string; headers: Record<string, string> } {
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': this.stripe.webhooks.generateTestHeaderString({ payload, secret }) } };
  }

  /** Sends events to webhookUrl one after the other, as Stripe does. */
  async deliver(...events: Stripe.Event[]): Promise<Delivery[]> {
    const done: Delivery[] = [];
    for (const event of events) {
      if (!this.webhookUrl) break;
      const { payload, headers } = this.signed(event);
      const res = await fetch(this.webhookUrl, { method: 'POST', headers, body: payload });
      const delivery = { type: event.type, id: event.id, status: res.status, body: await res.text() };
      this.deliveries.push(delivery);
      done.push(delivery);
    }
    return done;
  }

  /** A subscription as Stripe answers it, for prices; metadata as Checkout's subscription_data gave it. */
  makeSubscription(customer: string, prices: string[], metadata: Record<string, string> = {}): Obj {
    const now = Math.floor(Date.now() / 1000);
    const periodEnd = now + 30 * 24 * 3600;
    const sub: Obj = {
      id: this.id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      created: now,
      metadata,
      items: { object: 'list', data: prices.map((price) => this.item(price, now, periodEnd)) },
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  private item(price: string, start: number, end: number) {
    return { id: this.id('si'), object: 'subscription_item', price: { id: price, object: 'price', active: true }, quantity: 1, current_period_start: start, current_period_end: end };
  }

  /** Changes a stored subscription (as Stripe would after a portal action or a failed payment). */
  updateSubscription(id: string, change: { status?: string; prices?: string[]; cancelAtPeriodEnd?: boolean }): Obj {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    if (change.status) sub.status = change.status;
    if (change.cancelAtPeriodEnd !== undefined) sub.cancel_at_period_end = change.cancelAtPeriodEnd;
    if (change.prices) {
      const first = (sub.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0];
      sub.items = { object: 'list', data: change.prices.map((p) => this.item(p, first.current_period_start, first.current_period_end)) };
    }
    return sub;
  }

  private invoiceFor(sub: Obj, status: 'paid' | 'open'): Obj {
    return {
      id: this.id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    };
  }

  /** Plays a successful payment of a Checkout session: the subscription, then Stripe's three events. */
  async pay(sessionId: string): Promise<Obj> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const lineItems = (session.line_items as { price: string }[] | undefined) ?? [];
    const subscriptionData = (session.subscription_data as { metadata?: Record<string, string> } | undefined) ?? {};
    const sub = this.makeSubscription(String(session.customer), lineItems.map((l) => l.price), subscriptionData.metadata ?? {});
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
    await this.deliver(this.event('checkout.session.completed', session), this.event('customer.subscription.created', sub), this.event('invoice.paid', this.invoiceFor(sub, 'paid')));
    return sub;
  }

  /** A renewal that failed: the subscription goes past due and Stripe says so. */
  async failPayment(subscriptionId: string): Promise<void> {
    const sub = this.updateSubscription(subscriptionId, { status: 'past_due' });
    await this.deliver(this.event('invoice.payment_failed', this.invoiceFor(sub, 'open')), this.event('customer.subscription.updated', sub));
  }

  async switchPlan(subscriptionId: string, plan: string): Promise<void> {
    const sub = this.subscriptions.get(subscriptionId)!;
    const prices = (sub.items as { data: { price: { id: string } }[] }).data.map((i) => i.price.id);
    const interval = prices.some((p) => p.endsWith('_year')) ? 'year' : 'month';
    const planPrices = new Set(PLANS.flatMap((p) => [FAKE_PRICES[p].month, FAKE_PRICES[p].year]));
    const kept = prices.filter((p) => !planPrices.has(p));
    this.updateSubscription(subscriptionId, { prices: [FAKE_PRICES[plan][interval], ...kept] });
    await this.deliver(this.event('customer.subscription.updated', sub));
  }

  async cancel(subscriptionId: string): Promise<void> {
    const sub = this.updateSubscription(subscriptionId, { status: 'canceled' });
    await this.deliver(this.event('customer.subscription.deleted', sub));
  }

  private liveSubscriptionOf(customer: string): Obj | undefined {
    return [...this.subscriptions.values()].reverse().find((s) => s.customer === customer && s.status !== 'canceled');
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<unknown> {
    const url = new URL(req.url ?? '/', this.base);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req') }).end(JSON.stringify(body));
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    const redirect = (to: string) => res.writeHead(303, { location: to }).end();
    const stripeError = (status: number, message: string, type = 'invalid_request_error') => json(status, { error: { type, message } });
    const path = url.pathname;
    let m: RegExpMatchArray | null;

    if (path.startsWith('/v1/')) {
      const body = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(text);
      this.calls.push({ method: req.method ?? 'GET', path, body });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) return stripeError(401, 'Invalid API Key provided.');
      if (this.failNext) {
        const { status, message } = this.failNext;
        this.failNext = undefined;
        return stripeError(status, message, status >= 500 ? 'api_error' : 'invalid_request_error');
      }
      if (req.method === 'POST' && path === '/v1/customers') {
        const customer: Obj = { id: this.id('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {} };
        this.customers.set(customer.id, customer);
        return json(200, customer);
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (!body.customer || !this.customers.has(String(body.customer))) return stripeError(400, `No such customer: '${String(body.customer)}'`);
        const id = this.id('cs_test');
        const session: Obj = { ...body, id, object: 'checkout.session', status: 'open', payment_status: 'unpaid', subscription: null, url: `${this.base}/checkout/${id}` };
        this.sessions.set(id, session);
        return json(200, session);
      }
      if (req.method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
        const sub = this.subscriptions.get(m[1]);
        return sub ? json(200, sub) : stripeError(404, `No such subscription: '${m[1]}'`);
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        if (!body.customer || !this.customers.has(String(body.customer))) return stripeError(400, `No such customer: '${String(body.customer)}'`);
        const id = this.id('bps');
        const session: Obj = { id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `${this.base}/portal/${id}` };
        this.portalSessions.set(id, session);
        return json(200, session);
      }
      return stripeError(404, `Unrecognized request URL (${req.method}: ${path}).`);
    }

    if (path === '/__fake/calls') return json(200, { calls: this.calls, deliveries: this.deliveries });
    if (req.method === 'POST' && path === '/__fake/webhook-url') {
      this.webhookUrl = String((JSON.parse(text || '{}') as { url?: string }).url ?? '') || undefined;
      return json(200, { webhookUrl: this.webhookUrl ?? null });
    }

    if ((m = path.match(/^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/))) {
      const session = this.sessions.get(m[1]);
      if (!session) return res.writeHead(404, { 'content-type': 'text/plain' }).end('No such Checkout session');
      if (req.method === 'POST' && m[2] === 'pay') {
        if (session.status === 'open') await this.pay(session.id);
        return redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id));
      }
      if (req.method === 'POST' && m[2] === 'cancel') return redirect(String(session.cancel_url));
      const items = ((session.line_items as { price: string }[] | undefined) ?? []).map((l) => {
        const name = Object.entries(FAKE_PRICES).find(([, p]) => p.month === l.price || p.year === l.price)?.[0] ?? l.price;
        return `<li data-testid="fake-stripe-item">${esc(name)} (${esc(l.price)})</li>`;
      });
      return html(
        page(
          'Fake Stripe Checkout',
          `<ul>${items.join('')}</ul><form method="post" action="/checkout/${esc(session.id)}/pay"><button data-testid="fake-stripe-pay">Pay</button></form>` +
            `<form method="post" action="/checkout/${esc(session.id)}/cancel"><button data-testid="fake-stripe-cancel">Cancel</button></form>`,
        ),
      );
    }

    if ((m = path.match(/^\/portal\/([^/]+)(?:\/(plan|cancel)(?:\/([^/]+))?)?$/))) {
      const session = this.portalSessions.get(m[1]);
      if (!session) return res.writeHead(404, { 'content-type': 'text/plain' }).end('No such portal session');
      const sub = this.liveSubscriptionOf(String(session.customer));
      if (req.method === 'POST' && m[2] === 'plan' && sub && m[3] && PLANS.includes(decodeURIComponent(m[3]))) {
        await this.switchPlan(sub.id, decodeURIComponent(m[3]));
        return redirect(`/portal/${session.id}`);
      }
      if (req.method === 'POST' && m[2] === 'cancel' && sub) {
        await this.cancel(sub.id);
        return redirect(`/portal/${session.id}`);
      }
      const current = sub ? (sub.items as { data: { price: { id: string } }[] }).data.map((i) => i.price.id).join(', ') : 'no subscription';
      const buttons = sub
        ? PLANS.map((p) => `<form method="post" action="/portal/${esc(session.id)}/plan/${p}"><button data-testid="fake-stripe-portal-plan-${p}">Switch to ${p}</button></form>`).join('') +
          `<form method="post" action="/portal/${esc(session.id)}/cancel"><button data-testid="fake-stripe-portal-cancel">Cancel subscription</button></form>`
        : '';
      return html(
        page('Fake Stripe customer portal', `<p data-testid="fake-stripe-portal-current">${esc(current)}</p>${buttons}<a data-testid="fake-stripe-portal-return" href="${esc(String(session.return_url))}">Return to Hubbub</a>`),
      );
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
}
