// Every way a bank callback can be forged or replayed: the consent never changes.
import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as revoke from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import * as callback from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import { BINDING_COOKIE } from "@/lib/accounttracking/consents/initiate-redirect";
import { prisma } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { pendingConsent, registered } from "@/testing/support/consent-setup";

const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

/** A redirect in flight, as initiate-redirect would have stored it. */
async function authorization(
  consentId: string,
  options: { integration?: string; expiresInMs?: number; binding?: string | null } = {},
) {
  const state = randomBytes(32).toString("base64url");
  await prisma().consentAuthorization.create({
    data: {
      consentId,
      integrationName: options.integration ?? "sandbox",
      stateHash: sha256(state),
      bindingHash: options.binding ? sha256(options.binding) : null,
      expiresAt: new Date(Date.now() + (options.expiresInMs ?? 600_000)),
      phase: "sent",
    },
  });
  return state;
}

const callbackUrl = (integration: string) => `/api/accounttracking/v1/consents/callback/${integration}`;

async function hitCallback(integration: string, query: string, cookie?: string) {
  return call(callback.GET, "GET", callbackUrl(integration), {
    query,
    params: { integration },
    headers: cookie ? { cookie } : {},
  });
}
describe("bank callback", () => {
  let p: Awaited<ReturnType<typeof registered>>;
  beforeAll(async () => {
    p = await registered();
  });

  // A flow started through the API (these rows have no browser binding) ends on the public page;
  // one started in our UI on the signed-in one (lib/accounttracking/consents/complete-callback.ts).
  async function expectRejected(
    res: Awaited<ReturnType<typeof hitCallback>>,
    reason: string,
    consentId: string,
    page = "/bank-connection-result",
  ) {
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.pathname).toBe(page);
    expect(location.searchParams.get("outcome")).toBe("error");
    expect(location.searchParams.get("reason")).toBe(reason);
    const consent = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
    expect(consent.status).toBe("pending");
    expect(consent.statusReason).toBeNull();
  }

  it("a forged or missing state is rejected", async () => {
    const consent = await pendingConsent(p);
    await expectRejected(
      await hitCallback("sandbox", `state=${randomBytes(32).toString("base64url")}&result=ok`),
      "unknown_state",
      consent.id,
    );
    await expectRejected(await hitCallback("sandbox", "result=nok"), "missing_state", consent.id);
  });

  it("a state used on another integration's callback path is rejected and stays usable only on its own", async () => {
    const consent = await pendingConsent(p);
    const state = await authorization(consent.id);
    await expectRejected(await hitCallback("other-bank", `state=${state}&result=nok`), "wrong_integration", consent.id);
    expect(
      (await prisma().consentAuthorization.findFirstOrThrow({ where: { consentId: consent.id } })).usedAt,
    ).toBeNull();
  });

  it("an expired state is rejected", async () => {
    const consent = await pendingConsent(p);
    const state = await authorization(consent.id, { expiresInMs: -1000 });
    await expectRejected(await hitCallback("sandbox", `state=${state}&result=nok`), "expired_state", consent.id);
  });

  it("a state is spent once: the deny redirect rejects the consent, the replay changes nothing", async () => {
    const consent = await pendingConsent(p);
    const state = await authorization(consent.id);
    const first = await hitCallback("sandbox", `state=${state}&result=nok`);
    expect(first.status).toBe(303);
    expect(new URL(first.headers.get("location") ?? "").searchParams.get("status")).toBe("rejected");
    const stored = await prisma().consent.findUniqueOrThrow({ where: { id: consent.id } });
    expect(stored.status).toBe("rejected");
    const replay = await hitCallback("sandbox", `state=${state}&result=ok`);
    expect(new URL(replay.headers.get("location") ?? "").searchParams.get("reason")).toBe("used_state");
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consent.id } })).updatedAt).toEqual(
      stored.updatedAt,
    );
  });

  it("a redirect started in our UI is refused in another browser (no or another binding cookie)", async () => {
    const consent = await pendingConsent(p);
    const binding = randomBytes(32).toString("base64url");
    const state = await authorization(consent.id, { binding });
    await expectRejected(
      await hitCallback("sandbox", `state=${state}&result=nok`),
      "other_browser",
      consent.id,
      "/connect/result",
    );
    await expectRejected(
      await hitCallback(
        "sandbox",
        `state=${state}&result=nok`,
        `${BINDING_COOKIE}=${randomBytes(32).toString("base64url")}`,
      ),
      "other_browser",
      consent.id,
      "/connect/result",
    );
    const same = await hitCallback("sandbox", `state=${state}&result=nok`, `${BINDING_COOKIE}=${binding}`);
    expect(new URL(same.headers.get("location") ?? "").searchParams.get("status")).toBe("rejected");
  });

  it("an approval can never revive an ended consent", async () => {
    const consent = await pendingConsent(p);
    await call(revoke.POST, "POST", "x", { headers: bearer(p.token, p.scopeId), params: { consent: consent.id } });
    const state = await authorization(consent.id);
    await hitCallback("sandbox", `state=${state}&result=nok`);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consent.id } })).status).toBe("revoked");
  });
});
