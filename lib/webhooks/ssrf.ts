// Where webhooks may be sent. A receiver is named by its owner, so its URL must never make us reach
// our own network: private, loopback, link-local (cloud metadata at 169.254.169.254), unique-local,
// carrier-grade NAT, multicast and reserved addresses are refused, checked on the addresses the name
// resolves to, and the connection goes to the address that was checked (no second lookup a DNS
// rebinding could answer differently). Redirects are never followed (lib/webhooks/send.ts). A host
// named in WEBHOOK_ALLOWED_HOSTS (tests, the demo's local receiver) is exempt.
import "server-only";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  BLOCKED.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["64:ff9b::", 96],
] as const)
  BLOCKED.addSubnet(net, prefix, "ipv6");

/** Whether an address is one a webhook must never reach (BlockList reads IPv4-mapped IPv6 as its IPv4). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? "ipv4" : "ipv6");
}

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
  if (!allowed && addresses.some((a) => isBlockedAddress(a.address)))
    return {
      refused: `The host ${host} is a private, loopback or link-local address; webhooks reach public hosts only.`,
    };
  const first = addresses[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
