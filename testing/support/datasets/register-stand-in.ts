// A small HTTP stand-in for a company register, for the lookup engine's tests and its bench: it
// answers one company's subsets in our normalised shapes, counts the requests, waits `delayMs` before
// answering, and can be switched to answer 503, 429 with Retry-After, or 404 for every record (the
// fault controls the registers' fakes in sandbox/ offer too). `standInProvider` reaches it through
// the product's own register HTTP (registry-http.ts), so its statuses become the real provider errors.
import { createServer } from "node:http";
import { getRegistryJson } from "@/lib/datasets/providers/registry-http";
import type { CompanyDataProvider, KnownSubset, ProviderResult } from "@/lib/datasets/providers/types";
import { ProviderError } from "@/lib/provider-errors";
import { listenOnLoopback } from "@/testing/support/http-listener";

export type StandInMode = "normal" | "unavailable" | "rate_limited" | "empty";

export type RegisterStandIn = {
  baseUrl: string;
  calls: () => number;
  set: (mode: StandInMode, options?: { retryAfterSeconds?: number; delayMs?: number }) => void;
  close: () => Promise<void>;
};

export async function startRegisterStandIn(company: ProviderResult, delayMs = 0): Promise<RegisterStandIn> {
  let mode: StandInMode = "normal";
  let retryAfter = 30;
  let delay = delayMs;
  let calls = 0;
  const server = createServer((_req, res) => {
    calls += 1;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    setTimeout(() => {
      if (mode === "unavailable") return send(503, { error: "unavailable" });
      if (mode === "rate_limited") return send(429, { error: "slow down" }, { "retry-after": String(retryAfter) });
      if (mode === "empty") return send(404, { error: "no such company" });
      send(200, { company });
    }, delay);
  });
  const { origin, close } = await listenOnLoopback(server);
  return {
    baseUrl: origin,
    calls: () => calls,
    set: (m, options = {}) => {
      mode = m;
      retryAfter = options.retryAfterSeconds ?? retryAfter;
      delay = options.delayMs ?? delay;
    },
    close,
  };
}

/** A provider `id` serving `subsets` of the stand-in's company, for any country. */
export function standInProvider(id: string, baseUrl: string, subsets: KnownSubset[]): CompanyDataProvider {
  return {
    id,
    name: `${id} (stand-in)`,
    isEnabled: true,
    subsets,
    countries: null,
    fetch: async (query, asked) => {
      const document = (await getRegistryJson(id, { baseUrl, timeoutMs: 5000 }, `/company/${query.number}`)) as {
        company: ProviderResult;
      } | null;
      if (document === null) throw new ProviderError("not_found", `${id} has no company ${query.number}.`);
      const result: ProviderResult = {};
      for (const subset of asked) result[subset] = document.company[subset] ?? null;
      return { subsets: result, recordUrl: `${baseUrl}/company/${query.number}` };
    },
  };
}

/** One company's four subsets, in the normalised shapes. */
export const STAND_IN_COMPANY: ProviderResult = {
  information: {
    legalName: "Arval Service Lease",
    legalForm: "SA à conseil d'administration",
    status: "active",
    statusDetail: null,
    registrationNumber: "352256424",
    registrationAuthority: null,
    registeredAddress: null,
    foundedOn: "1989-11-09",
    lei: null,
  },
  financials: {
    currency: "EUR",
    fiscalYearEnd: "2025-12-31",
    revenue: "1000000.00",
    netResult: "50000.00",
    equity: null,
    totalAssets: null,
    employees: null,
  },
  officers: {
    officers: [{ name: "A. Director", kind: "person", role: "Président", appointedOn: null, resignedOn: null }],
  },
  shareholders: {
    shareholders: [
      {
        name: "BNP Paribas",
        kind: "company",
        ownershipPercent: null,
        relationship: "ultimate_parent",
        lei: "R0MUWSFPU8MPRO8K5P83",
        country: "FR",
      },
    ],
  },
};
