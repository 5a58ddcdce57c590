// The page chain guard and the NextGenPSD2 next-link origin check, on their own: what is followed,
// what is refused, and that every refusal is a provider error the sync reports (not retried).
import { describe, expect, it } from "vitest";
import { bankErrorOf, isTransientBankError } from "@/lib/banking/errors";
import { sameOriginLink } from "@/lib/banking/nextgenpsd2/provider";
import { createPageGuard, MAX_PAGES_PER_READ } from "@/lib/banking/page-guard";

function refusal(act: () => unknown) {
  try {
    act();
  } catch (error) {
    return { code: bankErrorOf(error)?.code, transient: isTransientBankError(error), message: String(error) };
  }
  return null;
}

describe("the page guard", () => {
  it("follows distinct links up to the cap, then refuses the next one", () => {
    const guard = createPageGuard(5);
    for (const n of [2, 3, 4, 5]) expect(refusal(() => guard.follow(`p${n}`))).toBeNull();
    expect(refusal(() => guard.follow("p6"))).toMatchObject({ code: "unknown", transient: false });
    expect(MAX_PAGES_PER_READ).toBe(10_000);
  });

  it("refuses a link seen before in the same read, the resumed cursor included", () => {
    const guard = createPageGuard(100, "p2");
    expect(refusal(() => guard.follow("p3"))).toBeNull();
    expect(refusal(() => guard.follow("p2"))?.message).toMatch(/cycle/);
    const fresh = createPageGuard(100);
    expect(refusal(() => fresh.follow("k1"))).toBeNull();
    expect(refusal(() => fresh.follow("k1"))).toMatchObject({ code: "unknown", transient: false });
  });
});

describe("a NextGenPSD2 next link", () => {
  const base = "https://bank.example:8443/psd2";

  it("is followed on the bank's origin, relative or absolute", () => {
    expect(sameOriginLink("/psd2/v1/accounts/a/transactions?page=2", base)).toBe(
      "https://bank.example:8443/psd2/v1/accounts/a/transactions?page=2",
    );
    expect(sameOriginLink("https://BANK.example:8443/x", base)).toBe("https://bank.example:8443/x");
    expect(sameOriginLink("https://bank.example/x", "https://bank.example:443/psd2")).toBe("https://bank.example/x");
  });

  it.each([
    ["another host", "https://evil.example:8443/x"],
    ["another port", "https://bank.example:9443/x"],
    ["another scheme", "http://bank.example:8443/x"],
    ["a protocol-relative link elsewhere", "//evil.example/x"],
    ["credentials that hide another host", "https://bank.example:8443@evil.example/x"],
    ["a non-HTTP scheme", "javascript:alert(1)"],
  ])("is refused when it names %s", (_what, link) => {
    expect(refusal(() => sameOriginLink(link, base))).toMatchObject({ code: "unknown", transient: false });
  });
});
