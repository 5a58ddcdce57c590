// Setup links (lib/identity/setup-links.ts), made with the one-time secrets they share with reset
// links and invitations: a link bound to an email creates that administrator once, then is gone.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { hashToken } from "@/lib/auth/tokens";
import { issueSetupLink, redeemSetupLink } from "@/lib/identity/setup-links";

describe("setup links", () => {
  it("a bound link is stored as its hash, for an hour, and creates its administrator once", async () => {
    const email = `admin-${Date.now()}@example.test`;
    const link = await issueSetupLink({ email });
    expect(link.secret).toMatch(/^ll_setup_[A-Za-z0-9_-]{43}$/);
    const row = await prisma().setupLink.findUniqueOrThrow({ where: { tokenHash: hashToken(link.secret) } });
    expect(Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000)).toBe(60);
    const input = {
      secret: link.secret,
      email,
      name: "Ada",
      password: "a long admin password",
      organisationName: "Org",
    };
    const { user, scope } = await redeemSetupLink(input);
    expect(user.email).toBe(email);
    expect(scope.name).toBe("Org");
    await expect(redeemSetupLink(input)).rejects.toMatchObject({ code: "gone" });
  });
});
