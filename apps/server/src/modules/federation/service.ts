import type { z } from 'zod';
import { FEDERATION_FOLLOWERS_SHOWN, activityPubActorPath, fediverseHandle, type FederationBlockCreateSchema, type FederationOverview } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { auditedChange, requireAdmin } from '../moderation/service.js';
import { federatedTenant } from './federation.js';
import * as repo from './repository.js';

/** The site's actor: its handle (what people type into Mastodon's search) and its address. */
function siteActor(ctx: AppContext, identifier: string): { handle: string; actor: string } {
  return { handle: fediverseHandle(identifier, ctx.config.publicUrl), actor: `${ctx.config.publicUrl}${activityPubActorPath(identifier)}` };
}

/** The site in the fediverse, for its admins (the tenant that federates is the site's; other tenants see it off). */
export async function federationOverview(opts: { ctx: AppContext; auth: AuthInfo }): Promise<FederationOverview> {
  const { ctx, auth } = opts;
  await requireAdmin(ctx, auth);
  const federated = ctx.config.FEDERATION && federatedTenant(ctx)?.id === auth.tenant.id;
  const identifier = auth.tenant.key;
  const [followerCount, followers, blocks] = await Promise.all([
    repo.countFollowers(ctx.db, { tenantId: auth.tenant.id, identifier }),
    repo.recentFollowers(ctx.db, { tenantId: auth.tenant.id, identifier, limit: FEDERATION_FOLLOWERS_SHOWN }),
    repo.blocks(ctx.db, auth.tenant.id),
  ]);
  const site = federated ? siteActor(ctx, identifier) : null;
  return { enabled: federated, handle: site?.handle ?? null, actor: site?.actor ?? null, followerCount, followers, blocks };
}

/** Blocks a remote server or account, ending its follows; audited with the admin's reason. */
export async function blockRemote(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof FederationBlockCreateSchema> }): Promise<FederationOverview> {
  const { ctx, auth, input } = opts;
  await requireAdmin(ctx, auth);
  const { kind, target } = input.target;
  await auditedChange({ ctx, auth, action: 'federation.block', targetType: `remote-${kind}`, targetId: target, reason: input.reason }, async (tx) => {
    const block = await repo.insertBlock(tx, { tenantId: auth.tenant.id, kind, target });
    if (!block) throw conflict(`${target} is blocked already.`);
    const followsEnded = await repo.removeBlockedFollowers(tx, { tenantId: auth.tenant.id, kind, target });
    return { before: { blocked: false }, after: { blocked: true, followsEnded } };
  });
  return federationOverview({ ctx, auth });
}

/** Lifts a block; the server or account may follow again. */
export async function liftBlock(opts: { ctx: AppContext; auth: AuthInfo; id: string; reason: string }): Promise<FederationOverview> {
  const { ctx, auth, id } = opts;
  await requireAdmin(ctx, auth);
  const blocks = await repo.blocks(ctx.db, auth.tenant.id);
  const block = blocks.find((b) => b.id === id);
  if (!block) throw notFound('No block has this id.');
  await auditedChange({ ctx, auth, action: 'federation.unblock', targetType: `remote-${block.kind}`, targetId: block.target, reason: opts.reason }, async (tx) => {
    if (!(await repo.deleteBlock(tx, { tenantId: auth.tenant.id, id }))) throw notFound('No block has this id.');
    return { before: { blocked: true }, after: { blocked: false } };
  });
  return federationOverview({ ctx, auth });
}
