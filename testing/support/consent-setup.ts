// Account tracking set-up for tests: a person registered for tracking, and a pending consent of theirs
// created through the API.
import { expect } from "vitest";
import * as consents from "@/app/api/accounttracking/v1/consents/route";
import { bearer, call } from "@/testing/support/http";
import { trackingPerson } from "@/testing/support/consent-flow";

export type ConsentBody = {
  data: { id: string; status: string; isValid: boolean; expiresAt: string | null; remainingDays: string };
};
export const body = { integrationName: "sandbox", purpose: "account_access", expiryDays: 90 };

export async function registered() {
  return (await trackingPerson("tracker")).person;
}

export async function pendingConsent(p: { token: string; scopeId: string }) {
  const res = await call<ConsentBody>(consents.POST, "POST", "/api/accounttracking/v1/consents", {
    headers: bearer(p.token, p.scopeId),
    body,
  });
  expect(res.status).toBe(201);
  return res.json.data;
}
