import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi, PlanNameSchema, ProductListSchema, type AdminPlanChange } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export interface CatalogueChoices {
  plans: { value: AdminPlanChange['plan']; label: string }[];
  addOns: { value: string; label: string }[];
}

/** Without a readable catalogue the plan names still work: they are fixed by the contract. */
export const PLAN_CHOICES: CatalogueChoices['plans'] = PlanNameSchema.options.map((p) => ({ value: p, label: p }));
const FALLBACK: CatalogueChoices = { plans: PLAN_CHOICES, addOns: [] };

/** What the Set plan form offers, from the manifest's catalogue (as the account pages read it). */
export async function getCatalogue(signal?: AbortSignal): Promise<CatalogueChoices> {
  const manifest = await api.call(accountApi.manifest, { signal });
  const parsed = ProductListSchema.safeParse(safeJson(manifest.settings.Products));
  if (!parsed.success) return FALLBACK;
  const plans = parsed.data.flatMap((e) => (e.kind === 'plan' ? [{ value: e.plan, label: e.name === e.plan ? e.plan : `${e.name} (${e.plan})` }] : []));
  const addOns = parsed.data.flatMap((e) => (e.kind === 'addOn' ? [{ value: e.feature, label: `${e.name} (${e.feature})` }] : []));
  return { plans: plans.length ? plans : FALLBACK.plans, addOns };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function catalogueQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.catalogue, queryFn: ({ signal }) => getCatalogue(signal), staleTime: 10 * 60_000 });
}

export function useCatalogue() {
  return useQuery(catalogueQueryOptions());
}
