import type { z } from 'zod';
import {
  FEDERATION_FOLLOWERS_SHOWN,
  activityPubActorPath,
  fediverseHandle,
  type FederationBlockCreateSchema,
  type FederationFollowCreateSchema,
  type FederationOverview,
  type FederationPerson,
} from '@hubbub/contract';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { dropRemoteEvents } from '../events/service.js';
import { auditedChange, requireAdmin } from '../moderation/service.js';
import { federatedTenant } from './federation.js';
import * as following from './following-repository.js';
import * as handles from './handles-repository.js';
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
  const [followerCount, followers, followed, blocks] = await Promise.all([
    repo.countFollowers(ctx.db, { tenantId: auth.tenant.id, identifier }),
    repo.recentFollowers(ctx.db, { tenantId: auth.tenant.id, identifier, limit: FEDERATION_FOLLOWERS_SHOWN }),
    following.listFollowing(ctx.db, auth.tenant.id),
    repo.blocks(ctx.db, auth.tenant.id),
  ]);
  const site = federated ? siteActor(ctx, identifier) : null;
  return { enabled: federated, handle: site?.handle ?? null, actor: site?.actor ?? null, followerCount, followers, following: followed, blocks };
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
    // The site stops following it too, and what it published here goes.
    const unfollowed = await repo.removeBlockedFollowing(tx, { tenantId: auth.tenant.id, kind, target });
    let eventsDropped = 0;
    for (const followed of unfollowed) eventsDropped += await dropEventsOf(ctx, tx, auth.tenant.id, followed);
    return { before: { blocked: false }, after: { blocked: true, followsEnded, unfollowed: unfollowed.length, eventsDropped } };
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

/** The events a followed account published here, or, one followed for its whole server, every event from that server; answers how many went. */
async function dropEventsOf(ctx: AppContext, db: Db, tenantId: string, followed: { actor: string; wholeServer: boolean }): Promise<number> {
  if (followed.wholeServer) return dropRemoteEvents({ ctx, db, tenantId, server: new URL(followed.actor).origin });
  const userId = await repo.remoteUserOf(db, { tenantId, actor: followed.actor });
  return userId ? dropRemoteEvents({ ctx, db, tenantId, userId }) : 0;
}

/** Follows another server's account for the site: the publisher's round finds it and asks (following.ts). */
export async function followRemote(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof FederationFollowCreateSchema> }): Promise<FederationOverview> {
  const { ctx, auth, input } = opts;
  await requireAdmin(ctx, auth);
  if (!ctx.config.FEDERATION || federatedTenant(ctx)?.id !== auth.tenant.id) throw conflict('This site is not in the fediverse: FEDERATION is off.');
  if (!(await following.requestFollow(ctx.db, { tenantId: auth.tenant.id, target: input.target }))) throw conflict(`The site follows ${input.target} already.`);
  ctx.federation.wake();
  return federationOverview({ ctx, auth });
}

/** Stops following: its events go at once; its server is told by the next round (an Undo of the Follow). */
export async function unfollowRemote(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<FederationOverview> {
  const { ctx, auth, id } = opts;
  await requireAdmin(ctx, auth);
  await ctx.db.transaction(async (tx) => {
    const ended = await following.endFollow(tx, { tenantId: auth.tenant.id, id });
    if (!ended) throw notFound('The site follows no account with this id.');
    if (ended.actorUri) await dropEventsOf(ctx, tx, auth.tenant.id, { actor: ended.actorUri, wholeServer: ended.wholeServer });
  });
  ctx.federation.wake();
  return federationOverview({ ctx, auth });
}

/** A person's handle as people on other servers type it; null before they host a public event, or with federation off. */
export async function personHandle(opts: { ctx: AppContext; tenant: TenantRef; id: string }): Promise<FederationPerson> {
  const { ctx, tenant, id } = opts;
  if (!ctx.config.FEDERATION || federatedTenant(ctx)?.id !== tenant.id) return { handle: null };
  const person = await handles.personActor(ctx.db, { tenantId: tenant.id, userId: id });
  return { handle: person ? fediverseHandle(person.handle, ctx.config.publicUrl) : null };
}
