import type { Account, AccountUsage, Manifest } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { findUserById } from '../users/service.js';
import { featuresOf, rolesOf } from '../auth/service.js';
import { PRODUCTS, productOf } from './products.js';
import * as repo from './repository.js';

export { productOf } from './products.js';

export async function usage(opts: { ctx: AppContext; auth: AuthInfo }): Promise<AccountUsage> {
  const user = await findUserById(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  if (!user) throw notFound('The account no longer exists.');
  const product = productOf(user.plan);
  return {
    eventCapacity: product.eventCapacity,
    eventCount: await repo.countEvents(opts.ctx.db, user.id),
    calendarCapacity: product.calendarCapacity,
    // Calendars are not a feature yet, so nobody has one.
    calendarCount: 0,
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
    plan: productOf(user.plan).plan,
    features: featuresOf(user),
    emailVerified: Boolean(user.emailVerifiedAt),
    createdAt: user.createdAt.toISOString(),
    usage: await usage(opts),
  };
}

export function manifest(): Manifest {
  return { settings: { Products: JSON.stringify(PRODUCTS) } };
}
