// Helpers for the data-registry integration tests: profile requests and route calls.
import * as profilesRoute from "@/app/api/datasets/v1/profiles/route";
import { bearer, call, type CallResult } from "@/lib/testing/http";

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
