// The sandbox banks' own small logos, served by the banks process so the app's picker never
// reaches the internet for one: GET {prefix}/logos/{key}.svg under the sandbox bank, the Enable
// Banking fake and the GoCardless fake. A logo is drawn from its key: the sandbox bank's brand
// colour where the key is one of its banks, else a colour and a mark chosen by the key's hash, so
// each bank keeps the same logo and two banks rarely share one.
import { createHash } from "node:crypto";
import { BANKS } from "@/sandbox/bank/data/banks";
import { EB_FAKE_PREFIX, GC_FAKE_PREFIX, SANDBOX_BANK_PREFIX } from "@/sandbox/shared/prefixes";

const MARKS = [
  // columns under a pediment
  "M32 12 52 24H12ZM16 28h6v17h-6ZM29 28h6v17h-6ZM42 28h6v17h-6ZM12 48h40v5H12Z",
  // a ring around a dot
  "M32 12a20 20 0 1 0 0 40 20 20 0 1 0 0-40Zm0 7a13 13 0 1 1 0 26 13 13 0 1 1 0-26Zm0 8a5 5 0 1 0 0 10 5 5 0 1 0 0-10Z",
  // two waves
  "M10 26q11-10 22 0t22 0v8q-11 10-22 0t-22 0ZM10 42q11-10 22 0t22 0v8q-11 10-22 0t-22 0Z",
];

const PATTERN = new RegExp(
  `^(${[SANDBOX_BANK_PREFIX, EB_FAKE_PREFIX, GC_FAKE_PREFIX].join("|")})/logos/([A-Za-z0-9_.-]{1,80})\\.svg$`,
);

function logoSvg(key: string): string {
  const digest = createHash("sha256").update(key).digest();
  const colour = BANKS.find((b) => b.bankId === key)?.colour ?? `hsl(${digest.readUInt16BE(0) % 360} 55% 38%)`;
  const mark = MARKS[digest[2] % MARKS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="${colour}"/><path fill="#fff" d="${mark}"/></svg>`;
}

/** The logo at `pathname`, or null when the path is not a logo's. */
export function logoResponse(pathname: string): Response | null {
  const match = PATTERN.exec(pathname);
  if (!match) return null;
  return new Response(logoSvg(decodeURIComponent(match[2])), {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=86400",
      // Shown by the app's pages, which are another origin than the banks'.
      "cross-origin-resource-policy": "cross-origin",
      "x-content-type-options": "nosniff",
    },
  });
}
