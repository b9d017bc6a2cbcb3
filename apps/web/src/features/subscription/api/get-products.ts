import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi, ProductListSchema, type AddOnProduct, type Product } from '@hubbub/contract';
import { api, ApiError, queryKeys } from '@/lib/api';

export interface Catalogue {
  plans: Product[];
  addOns: AddOnProduct[];
}

/** The manifest carries the catalogue (plans, then add-ons) as a JSON string in settings.Products. */
export async function getProducts(): Promise<Catalogue> {
  const manifest = await api.call(accountApi.manifest);
  try {
    const entries = ProductListSchema.parse(JSON.parse(manifest.settings.Products));
    return {
      plans: entries.filter((e): e is Product => e.kind === 'plan'),
      addOns: entries.filter((e): e is AddOnProduct => e.kind === 'addOn'),
    };
  } catch {
    throw ApiError.unexpected(200);
  }
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.products, queryFn: getProducts, staleTime: 10 * 60_000 });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
