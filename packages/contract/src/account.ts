import { z } from 'zod';
import { ACCOUNT, ENGINE } from './api-prefixes.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { ExternalProviderSchema } from './external-auth.js';

export const AccountUsageSchema = z
  .object({
    eventCapacity: z.number().int(),
    eventCount: z.number().int(),
    calendarCapacity: z.number().int(),
    calendarCount: z.number().int(),
    flyerCapacity: z.number().int(),
  })
  .meta({ id: 'AccountUsage' });
export type AccountUsage = z.infer<typeof AccountUsageSchema>;

export const PlanNameSchema = z.enum(['Free', 'Basic', 'Pro', 'Enterprise']);

export const AccountSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    roles: z.array(z.string()),
    plan: PlanNameSchema,
    features: z.array(z.string()),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    usage: AccountUsageSchema,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof AccountSchema>;

/** settings.Products holds a JSON-encoded list of Product, as the spec says. */
export const ManifestSchema = z
  .object({ settings: z.object({ Products: z.string() }) })
  .meta({ id: 'Manifest' });
export type Manifest = z.infer<typeof ManifestSchema>;

/** GET / answered as JSON. */
export const ContainerDataSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    tenants: z.array(z.string()),
    build: z.string(),
    cmsUrl: z.string().nullable(),
    publicUrl: z.string().nullable(),
    /** A hosted MapLibre style; null means the built-in offline basemap. */
    mapStyleUrl: z.string().nullable().default(null),
    /** Where uploads are served when not this server's /uploads/ (S3_PUBLIC_URL): a document's pictures come from there or /uploads/ only. */
    uploadsUrl: z.string().nullable().optional(),
    /** The external sign-in providers configured on this server; the web shows a button for each. */
    externalProviders: z.array(ExternalProviderSchema).default([]),
  })
  .meta({ id: 'ContainerData' });
export type ContainerData = z.infer<typeof ContainerDataSchema>;

export const accountApi = defineEndpoints('account', {
  get: endpoint('GET', `${ACCOUNT}/account/`, { summary: 'The signed-in account with plan and usage', auth: 'bearer', answer: AccountSchema }),
  manifest: endpoint('GET', `${ACCOUNT}/manifest/`, { summary: 'Settings; Products is a JSON-encoded list of the plans, then the add-ons', answer: ManifestSchema }),
  usage: endpoint('GET', `${ENGINE}/manifest/usage`, { summary: "The signed-in user's capacities and counts", auth: 'bearer', answer: AccountUsageSchema }),
});
