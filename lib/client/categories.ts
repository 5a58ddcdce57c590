"use client";
// Categories through the typed client: the scope's list (with counts for the settings page), an
// admin's edits, a transaction's category and a counterpart's default. A change refetches what shows
// a category: the lists of transactions, the counterparts, and the categories themselves.
import type { z } from "zod";
import type * as schemas from "@/lib/openapi/schemas/categories";
import type { ApiClient } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import { accountKeys, type Transaction } from "@/lib/client/accounts";
import { counterpartKeys } from "@/lib/client/counterparts";
import { scopeTransactionKeys } from "@/lib/client/transactions";

export type Category = z.output<typeof schemas.CategorySchema>;
type Merged = z.output<typeof schemas.CategoryMergeSchema>;
type DefaultSet = z.output<typeof schemas.CounterpartDefaultCategorySchema>;
export type CategoryChange = { name?: string; parentId?: string | null; archived?: boolean };

const BASE = "/api/accounttracking/v1";
const enc = encodeURIComponent;

function categoriesApi(client: ApiClient) {
  const { scoped } = client;
  return {
    list: (counts: boolean) => scoped.get<Category[]>(`${BASE}/categories`, { counts: counts ? "true" : undefined }),
    create: (input: { name: string; parentId?: string | null }) =>
      scoped.send<Category>("POST", `${BASE}/categories`, input),
    update: (id: string, change: CategoryChange) =>
      scoped.send<Category>("PATCH", `${BASE}/categories/${enc(id)}`, change),
    merge: (id: string, into: string) => scoped.send<Merged>("POST", `${BASE}/categories/${enc(id)}/merge`, { into }),
    setTransaction: (id: string, categoryId: string | null) =>
      scoped.send<Transaction>("PUT", `${BASE}/transactions/${enc(id)}/category`, { categoryId }),
    setCounterpartDefault: (id: string, categoryId: string | null) =>
      scoped.send<DefaultSet>("PUT", `${BASE}/counterparts/${enc(id)}/default-category`, { categoryId }),
  };
}

const categories = domainHooks(categoriesApi);

export const categoryKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "categories"),
  list: (scopeId: string | null, counts: boolean) => [...categoryKeys.all(scopeId), "list", counts] as const,
};

/** Everything that shows a row's category: every list of transactions, and the counterparts. */
const rowsShowing = (s: string | null) => [
  accountKeys.all(s),
  scopeTransactionKeys.all(s),
  counterpartKeys.all(s),
  categoryKeys.all(s),
];

/** The scope's categories, parents each followed by their children; counts for the settings page. */
export const useCategories = (counts = false) =>
  categories.useQuery({ key: (s) => categoryKeys.list(s, counts), fetch: (api) => api.list(counts) });

export const useCreateCategory = () =>
  categories.useChange(
    (api, input: { name: string; parentId?: string | null }) => api.create(input),
    (s) => [categoryKeys.all(s)],
  );

/** A rename shows on every row that has the category, so the rows refetch too. */
export const useUpdateCategory = () =>
  categories.useChange(
    (api, { id, ...change }: CategoryChange & { id: string }) => api.update(id, change),
    rowsShowing,
  );

export const useMergeCategory = () =>
  categories.useChange((api, { id, into }: { id: string; into: string }) => api.merge(id, into), rowsShowing);

export const useSetTransactionCategory = () =>
  categories.useChange(
    (api, { id, categoryId }: { id: string; categoryId: string | null }) => api.setTransaction(id, categoryId),
    rowsShowing,
  );

export const useSetCounterpartDefaultCategory = () =>
  categories.useChange(
    (api, { id, categoryId }: { id: string; categoryId: string | null }) => api.setCounterpartDefault(id, categoryId),
    rowsShowing,
  );

/** "Housing and premises › Rent": a child with its parent, for pickers and pills. */
export function categoryLabel(c: { name: string; parentId: string | null }, all: Category[] | undefined): string {
  const parent = c.parentId ? all?.find((p) => p.id === c.parentId) : undefined;
  return parent ? `${parent.name} › ${c.name}` : c.name;
}
