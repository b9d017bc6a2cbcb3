import type { Account, AccountUsage, CatalogueEntry, Manifest, Product } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { findUserById } from '../users/service.js';
import { featuresOf, rolesOf } from '../auth/service.js';
import { forgetCatalogue, loadCatalogue, planIn, productList, toProduct, type Catalogue } from './catalogue.js';
import * as repo from './repository.js';

export { byStripePrice, priceIdOf, type Catalogue } from './catalogue.js';

/** Whether plans are bought online here (Stripe configured) rather than set by the operator. */
export function billingEnabled(ctx: Pick<AppContext, 'config'>): boolean {
  return Boolean(ctx.config.STRIPE_SECRET_KEY);
}

export function catalogue(db: Db): Promise<Catalogue> {
  return loadCatalogue(db);
}

/** The plan's capacities, from the database catalogue: what every capacity check enforces. Pass `tx` when inside a transaction. */
export async function productOf(ctx: Pick<AppContext, 'db' | 'config'>, plan: string, tx?: Db): Promise<Product> {
  return toProduct(planIn(await loadCatalogue(ctx.db, tx), plan), billingEnabled(ctx));
}

export async function productListOf(ctx: Pick<AppContext, 'db' | 'config'>): Promise<CatalogueEntry[]> {
  return productList(await loadCatalogue(ctx.db), billingEnabled(ctx));
}

/** The plans command's `price`: false when no plan or add-on has this name. */
export async function setStripePrice(db: Db, name: string, interval: 'month' | 'year', priceId: string | null): Promise<boolean> {
  const done = await repo.setStripePrice(db, name, interval, priceId);
  forgetCatalogue(db);
  return done;
}

/** The plans command's `limits`: the operator sets a plan's capacities (Free's, most often). Undefined when no plan has this name. */
export async function setPlanCapacities(
  db: Db,
  plan: string,
  capacities: { eventCapacity?: number; calendarCapacity?: number; flyerCapacity?: number },
): Promise<repo.PlanRow | undefined> {
  const row = await repo.setPlanCapacities(db, plan, capacities);
  forgetCatalogue(db);
  return row;
}

export async function usage(opts: { ctx: AppContext; auth: AuthInfo }): Promise<AccountUsage> {
  const user = await findUserById(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  if (!user) throw notFound('The account no longer exists.');
  const product = await productOf(opts.ctx, user.plan);
  return {
    eventCapacity: product.eventCapacity,
    eventCount: await repo.countEvents(opts.ctx.db, user.id),
    calendarCapacity: product.calendarCapacity,
    calendarCount: await repo.countCalendars(opts.ctx.db, user.id),
    flyerCapacity: product.flyerCapacity,
  };
}

export async function account(opts: { ctx: AppContext; auth: AuthInfo }): Promise<Account> {
  const user = await findUserById(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  if (!user) throw notFound('The account no longer exists.');
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    roles: rolesOf(opts.ctx, user),
    plan: (await productOf(opts.ctx, user.plan)).plan,
    features: featuresOf(user),
    emailVerified: Boolean(user.emailVerifiedAt),
    createdAt: user.createdAt.toISOString(),
    usage: await usage(opts),
  };
}

export async function manifest(ctx: AppContext): Promise<Manifest> {
  return { settings: { Products: JSON.stringify(await productListOf(ctx)) } };
}
