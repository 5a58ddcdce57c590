// Helpers for the data-registry integration tests: profile requests, company lookups and route calls.
import * as lookupRoute from "@/app/api/companies/v1/lookup/route";
import * as profilesRoute from "@/app/api/datasets/v1/profiles/route";
import { addMember, makePerson, twoTenants } from "@/testing/support/fixtures";
import { bearer, call, type CallResult } from "@/testing/support/http";

export type ProfileBody = {
  data: {
    id: string;
    name: string;
    scope: string;
    subsetSelection: string[];
    providerPriorities: string[];
    isDefault: boolean;
    usageCount: number;
  };
};
export type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };

export const globalProfile = (over: Record<string, unknown> = {}) => ({
  name: "Standard company check",
  scope: "global",
  subset_selection: ["information", "financials"],
  ...over,
});

export function createProfile(
  token: string,
  scopeId: string,
  body: unknown,
): Promise<CallResult<ProfileBody & ErrorBody>> {
  return call<ProfileBody & ErrorBody>(profilesRoute.POST, "POST", "/api/datasets/v1/profiles", {
    headers: bearer(token, scopeId),
    body,
  });
}

export type Lookup = {
  profile: { id: string; name: string; matchedBy: string; usageCount: number };
  subsets: {
    subset: string;
    status: string;
    provider: string | null;
    data: Record<string, unknown> | null;
    attempts: { provider: string; outcome: string; reason: string | null }[];
  }[];
};

/** GET /api/companies/v1/lookup as the token's holder in the scope. */
export const lookupAs = (token: string, scopeId: string, query: string) =>
  call<{ data: Lookup } & ErrorBody>(lookupRoute.GET, "GET", "/api/companies/v1/lookup", {
    headers: bearer(token, scopeId),
    query,
  });

/** Two tenants, and a plain member of tenant A (the profile tests' cast). */
export async function tenantsWithMember() {
  const t = await twoTenants();
  const member = await makePerson("member");
  await addMember(t.a.scopeId, member.userId, "member");
  return { t, member };
}
