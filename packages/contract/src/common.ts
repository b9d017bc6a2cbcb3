import { z } from 'zod';

// Ids compare as text on the server, so they are lower-cased like PostgreSQL prints them.
export const IdSchema = z.uuid({ message: 'Must be a valid id (UUID).' }).transform((id) => id.toLowerCase());
export const IdParamsSchema = z.object({ id: IdSchema });

export const PageNumberSchema = z.coerce.number().int().min(1).max(10_000).default(1);

/** Answer of calls whose spec says "200 means success". */
export const OkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
export type Ok = z.infer<typeof OkSchema>;

export const TENANT_HEADER = 'X-Tenant';
export const DEFAULT_TENANT = 'hubbub';
export const CLIENT_VERSION = '0.0.11';
