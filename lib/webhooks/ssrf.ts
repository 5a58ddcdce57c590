// Where webhooks may be sent. A receiver is named by its owner, so its URL must never make us reach
// our own network: every address is classified (ipaddr.js, which follows IANA's special-purpose
// registries) and only globally routable unicast is accepted. An IPv6 address that carries an IPv4
// one (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4, Teredo) is
// unwrapped first and the IPv4 address judged too; only the mapped form, which is the IPv4 address
// itself to the socket, is accepted when what it carries is public. The check runs on the addresses
// the name resolves to, and the connection goes to the address that was checked (no second lookup a
// DNS rebinding could answer differently). Redirects are never followed (lib/webhooks/send.ts). A host
// named in WEBHOOK_ALLOWED_HOSTS (tests, the demo's local receiver) is exempt.
import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";

// The IPv6 global unicast space (2000::/3): anything outside it is not routed on the internet,
// whatever ipaddr.js's table names it (IPv4-compatible ::a.b.c.d is "unicast" there).
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse("2000::");

const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 addresses an IPv6 address carries, by its form (Teredo: its server's and its client's). */
function carried(address: ipaddr.IPv6, range: string): ipaddr.IPv4[] {
  const [a, b, c, d, e, f, g, h] = address.parts;
  switch (range) {
    case "ipv4Mapped":
    case "rfc6145":
    case "rfc6052":
      return [v4(g, h)];
    case "6to4":
      return [v4(b, c)];
    case "teredo":
      return [v4(c, d), v4(g ^ 0xffff, h ^ 0xffff)];
    default:
      // IPv4-compatible (::a.b.c.d, deprecated): the first 96 bits zero.
      return a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 ? [v4(g, h)] : [];
  }
}

/**
 * ipaddr.js reads any IPv6 address written with a dotted IPv4 tail as IPv4-mapped (::8.8.8.8 comes
 * back as ::ffff:808:808), which would hide the IPv4-compatible and NAT64 forms: the tail is written
 * as two hex groups first. Only called on what node:net accepts as IPv6.
 */
function hexTail(address: string): string {
  const match = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (!match) return address;
  const [o1, o2, o3, o4] = match.slice(2).map(Number);
  return `${match[1]}${((o1 << 8) | o2).toString(16)}:${((o3 << 8) | o4).toString(16)}`;
}

/**
 * Why a webhook must never reach this address, or null when it may: the class of the address, or of
 * the IPv4 address it carries. Not an address at all is refused too.
 */
export function refusedClass(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return "not an address";
  const text = family === 6 ? hexTail(address) : address;
  // A zone index (fe80::1%eth0) is link-local whatever ipaddr.js makes of it.
  if (!ipaddr.isValid(text)) return "not an address";
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv4") {
    const range = parsed.range();
    return range === "unicast" ? null : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  for (const inner of carried(v6, range)) {
    const innerRange = inner.range();
    if (innerRange !== "unicast") return `${range} carrying ${inner.toString()}, ${innerRange}`;
  }
  if (range === "ipv4Mapped" && v6.toIPv4Address().range() === "unicast") return null;
  if (range !== "unicast" || !v6.match(GLOBAL_UNICAST_V6, 3)) return range === "unicast" ? "not global" : range;
  return null;
}

/** Whether an address is one a webhook must never reach. */
export const isBlockedAddress = (address: string): boolean => refusedClass(address) !== null;

export const webhookAllowedHosts = (): string[] =>
  env.WEBHOOK_ALLOWED_HOSTS.split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

export type Target = { url: URL; address: string; family: 4 | 6 };
export type Refusal = { refused: string };

/** The address to connect to for this URL, or why it is refused. */
export async function resolveTarget(
  raw: string,
  allowedHosts: string[] = webhookAllowedHosts(),
): Promise<Target | Refusal> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // What does not parse is refused as such: the caller is told, no request is made.
    return { refused: "Not a URL." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { refused: "Only http and https URLs." };
  if (url.username || url.password) return { refused: "No credentials in the URL; the signature authenticates us." };
  const host = hostOf(url);
  const allowed = allowedHosts.includes(host);
  const literal = isIP(host);
  // A name that does not resolve is refused below with that reason (the lookup's own error adds nothing).
  const resolved = literal ? null : await lookup(host, { all: true, verbatim: true }).catch(() => null);
  const addresses = literal ? [{ address: host, family: literal }] : resolved;
  if (!addresses || addresses.length === 0) return { refused: `The host ${host} does not resolve.` };
  // Every address the name has must be public: a name with one private address is refused outright.
  const why = allowed ? null : (addresses.map((a) => refusedClass(a.address)).find((c) => c !== null) ?? null);
  if (why)
    return {
      refused: `The host ${host} is a private, loopback or link-local address (${why}); webhooks reach public hosts only.`,
    };
  const first = addresses[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
