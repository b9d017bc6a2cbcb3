import { EventDraftInputSchema, type EventDraft, type EventDraftAnswer, type Ok } from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo } from '../../app-context.js';
import * as repo from './repository.js';

type DraftContent = z.output<typeof EventDraftInputSchema>;

function toDraft(row: repo.EventDraftRow): EventDraft {
  // Stored as validated; read back through the schema so a row from an older shape still answers the contract.
  const content: DraftContent = EventDraftInputSchema.parse(row.content);
  return { ...content, updated: row.updatedAt.toISOString() };
}

export async function getDraft(opts: { ctx: AppContext; auth: AuthInfo }): Promise<EventDraftAnswer> {
  const row = await repo.findDraft(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  return { draft: row ? toDraft(row) : null };
}

export async function saveDraft(opts: { ctx: AppContext; auth: AuthInfo; input: DraftContent }): Promise<EventDraft> {
  const row = await repo.upsertDraft(opts.ctx.db, { tenantId: opts.auth.tenant.id, userId: opts.auth.userId, content: opts.input, at: opts.ctx.now() });
  return toDraft(row);
}

export async function deleteDraft(opts: { ctx: AppContext; auth: AuthInfo }): Promise<Ok> {
  await repo.deleteDraft(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  return { ok: true };
}
