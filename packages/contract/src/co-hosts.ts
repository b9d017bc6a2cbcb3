import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { EmailSchema } from './auth.js';
import { IdParamsSchema, IdSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';

// Co-hosts (issue 30): a host names people by email to help run the event, in one of two roles.

/**
 * What a co-host may do: `co-host` runs the event with its host (edit it, its flyers, line-up,
 * buzz, guest list, invitations and door) but cannot delete it, name co-hosts or touch billing,
 * and what they add counts against the host's plan; `check-in` works the door (scans, the list,
 * undo) and nothing else.
 */
export const CoHostRoles = ['co-host', 'check-in'] as const;
export const CoHostRoleSchema = z.enum(CoHostRoles, { message: 'The role must be co-host or check-in.' });
export type CoHostRole = z.infer<typeof CoHostRoleSchema>;

/** The viewer's part in an event: its host, one of the co-host roles, or none (null). */
export const EventRoleSchema = z.enum(['host', ...CoHostRoles]);
export type EventRole = z.infer<typeof EventRoleSchema>;

export { CO_HOST_PAGE } from './secret-pages.js';

/** People an event may have as co-hosts. */
export const CO_HOSTS_MAX = 20;

export const CoHostSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: CoHostRoleSchema,
    /** Their name once they opened the invitation; null until then. */
    name: z.string().nullable(),
    acceptedAt: z.string().nullable(),
  })
  .meta({ id: 'CoHost' });
export type CoHost = z.infer<typeof CoHostSchema>;

export const CoHostsSchema = z.object({ eventId: z.uuid(), coHosts: z.array(CoHostSchema) }).meta({ id: 'CoHosts' });
export type CoHosts = z.infer<typeof CoHostsSchema>;

export const CoHostInviteSchema = z.object({ email: EmailSchema, role: CoHostRoleSchema.default('check-in') }).meta({ id: 'CoHostInvite' });
export type CoHostInvite = z.input<typeof CoHostInviteSchema>;

export const CoHostAcceptSchema = z
  .object({ token: z.string().min(1, { message: 'The invitation link is not complete.' }).max(100, { message: 'The invitation link is not complete.' }) })
  .meta({ id: 'CoHostAccept' });

export const CoHostAcceptedSchema = z.object({ eventId: z.uuid(), role: CoHostRoleSchema }).meta({ id: 'CoHostAccepted' });
export type CoHostAccepted = z.infer<typeof CoHostAcceptedSchema>;

export const CoHostParamsSchema = z.object({ id: IdSchema, coHostId: IdSchema });

export const coHostsApi = defineEndpoints('coHosts', {
  list: endpoint('GET', `${ENGINE}/co-hosts/:id`, {
    summary: "The event's co-hosts and their roles (the host)",
    auth: 'bearer',
    params: IdParamsSchema,
    answer: CoHostsSchema,
    problems: [400, 404],
  }),
  invite: endpoint('POST', `${ENGINE}/co-hosts/:id`, {
    summary: 'The host names a co-host by email (mailed their own link; they may have no account yet), or changes their role',
    auth: 'bearer',
    params: IdParamsSchema,
    body: CoHostInviteSchema,
    answer: CoHostsSchema,
    problems: [400, 404, 409],
  }),
  remove: endpoint('DELETE', `${ENGINE}/co-hosts/:id/:coHostId`, {
    summary: 'The host takes a co-host back: their link and their access end at once',
    auth: 'bearer',
    params: CoHostParamsSchema,
    answer: CoHostsSchema,
    problems: [400, 404],
  }),
  accept: endpoint('POST', `${ENGINE}/co-hosts/:id/accept`, {
    summary: 'Opens a co-host invitation: the signed-in person takes the role it names',
    auth: 'bearer',
    params: IdParamsSchema,
    body: CoHostAcceptSchema,
    answer: CoHostAcceptedSchema,
    problems: [400, 404],
  }),
});
