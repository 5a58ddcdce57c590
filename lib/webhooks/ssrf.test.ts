// Which addresses a webhook may never reach, and URLs refused before any request.
import { describe, expect, it } from "vitest";
import { isBlockedAddress, resolveTarget } from "@/lib/webhooks/ssrf";

describe("webhook targets", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:7f00:1",
    "::ffff:a00:1",
    "not an address",
  ])("%s is refused", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "::ffff:808:808"])(
    "%s is public",
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it("refuses literal private hosts, names resolving to loopback, other schemes and credentials, unless allowed", async () => {
    for (const url of [
      "http://127.0.0.1/hook",
      "http://10.0.0.1/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]:8080/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://localhost:9/hook",
    ]) {
      const target = await resolveTarget(url, []);
      expect("refused" in target && target.refused).toContain("private");
    }
    expect(await resolveTarget("ftp://example.com/x", [])).toMatchObject({ refused: "Only http and https URLs." });
    expect(await resolveTarget("https://user:pw@example.com/x", [])).toHaveProperty("refused");
    expect(await resolveTarget("http://127.0.0.1:9/hook", ["127.0.0.1"])).toMatchObject({ address: "127.0.0.1" });
  });
});
