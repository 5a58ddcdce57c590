// Which addresses a webhook may never reach, and URLs refused before any request.
import { describe, expect, it } from "vitest";
import { isBlockedAddress, refusedClass, resolveTarget } from "@/lib/webhooks/ssrf";

// Every form of a non-public host a webhook URL can take as a literal (the WHATWG URL parser turns
// decimal, hex and octal IPv4 into dotted form first). The first three were accepted before issue 39:
// IPv6 forms that carry an IPv4 address the old list did not unwrap.
const REFUSED_URLS = [
  "http://[::127.0.0.1]/",
  "http://[::a9fe:a9fe]/",
  "http://[64:ff9b:1::a9fe:a9fe]/",
  // loopback, in every spelling
  "http://127.0.0.1/",
  "http://127.1/",
  "http://127.255.255.254/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0177.0.0.1/",
  "http://017700000001/",
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://localhost/",
  "http://localhost./",
  // unspecified, private, shared, metadata, reserved
  "http://0.0.0.0/",
  "http://0/",
  "http://[::]/",
  "http://10.0.0.1/",
  "http://172.16.5.4/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://2852039166/",
  "http://0xa9fea9fe/",
  "http://192.0.2.1/",
  "http://198.18.0.1/",
  "http://240.0.0.1/",
  "http://255.255.255.255/",
  "http://224.0.0.1/",
  "http://[fe80::1]/",
  "http://[fd12:3456::1]/",
  "http://[fec0::1]/",
  "http://[ff02::1]/",
  "http://[2001:db8::1]/",
  // IPv4-mapped and SIIT-translated
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[::ffff:169.254.169.254]/",
  "http://[::ffff:10.0.0.1]/",
  "http://[::ffff:0:7f00:1]/",
  // IPv4-compatible, public inside or not: the form is not routed
  "http://[::10.0.0.1]/",
  "http://[::8.8.8.8]/",
  // NAT64, the well-known prefix and the local-use one
  "http://[64:ff9b::127.0.0.1]/",
  "http://[64:ff9b::a9fe:a9fe]/",
  "http://[64:ff9b::8.8.8.8]/",
  "http://[64:ff9b:1::7f00:1]/",
  // 6to4 (2002:AABB:CCDD::) and Teredo (the client's address inverted in the last 32 bits)
  "http://[2002:7f00:1::1]/",
  "http://[2002:a9fe:a9fe::1]/",
  "http://[2002:c0a8:101::1]/",
  "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
  "http://[2001:0:a00:1::1]/",
];

describe("webhook targets", () => {
  it.each(REFUSED_URLS)("%s is refused", async (url) => {
    const target = await resolveTarget(url, []);
    expect("refused" in target && target.refused).toMatch(/private, loopback or link-local|does not resolve/);
  });

  it.each(["http://93.184.215.14/", "https://8.8.8.8/", "http://[2606:4700:4700::1111]/", "http://[::ffff:808:808]/"])(
    "%s is accepted, and connected to at the address checked",
    async (url) => {
      const target = await resolveTarget(url, []);
      expect(target).toMatchObject({ url: new URL(url) });
      expect(isBlockedAddress("address" in target ? target.address : "")).toBe(false);
    },
  );

  it("says what an address carries", () => {
    expect(refusedClass("::a9fe:a9fe")).toBe("unicast carrying 169.254.169.254, linkLocal");
    expect(refusedClass("64:ff9b:1::a9fe:a9fe")).toBe("rfc6052 carrying 169.254.169.254, linkLocal");
    expect(refusedClass("2001:0:4136:e378:8000:63bf:80ff:fffe")).toBe("teredo carrying 127.0.0.1, loopback");
    expect(refusedClass("2002:c0a8:101::1")).toBe("6to4 carrying 192.168.1.1, private");
    expect(refusedClass("64:ff9b::8.8.8.8")).toBe("rfc6052");
    expect(refusedClass("::8.8.8.8")).toBe("not global");
    expect(refusedClass("not an address")).toBe("not an address");
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(refusedClass(address)).toBeNull();
    },
  );

  it("refuses other schemes and credentials, and lets an allowed host through", async () => {
    expect(await resolveTarget("ftp://example.com/x", [])).toMatchObject({ refused: "Only http and https URLs." });
    expect(await resolveTarget("https://user:pw@example.com/x", [])).toHaveProperty("refused");
    expect(await resolveTarget("http://127.0.0.1:9/hook", ["127.0.0.1"])).toMatchObject({ address: "127.0.0.1" });
  });
});
