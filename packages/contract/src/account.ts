import { z } from 'zod';

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

/** One entry of the manifest's Products setting. */
export const ProductSchema = z
  .object({
    plan: PlanNameSchema,
    feature: z.string().nullable(),
    name: z.string(),
    description: z.string(),
    eventCapacity: z.number().int(),
    calendarCapacity: z.number().int(),
    flyerCapacity: z.number().int(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof ProductSchema>;

/** settings.Products holds a JSON-encoded list of Product, as the spec says. */
export const ManifestSchema = z
  .object({ settings: z.object({ Products: z.string() }) })
  .meta({ id: 'Manifest' });
export type Manifest = z.infer<typeof ManifestSchema>;

export const ProductListSchema = z.array(ProductSchema);

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
  })
  .meta({ id: 'ContainerData' });
export type ContainerData = z.infer<typeof ContainerDataSchema>;
