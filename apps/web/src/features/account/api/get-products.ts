import { queryOptions, useQuery } from '@tanstack/react-query';
import { ManifestSchema, ProductListSchema, paths, type Product } from '@hubbub/contract';
import { api, ApiError, queryKeys } from '@/lib/api';

/** The manifest carries the product list as a JSON string in settings.Products. */
export async function getProducts(): Promise<Product[]> {
  const manifest = await api.get(paths.manifest, { schema: ManifestSchema });
  try {
    return ProductListSchema.parse(JSON.parse(manifest.settings.Products));
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
