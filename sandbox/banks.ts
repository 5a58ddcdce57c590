// The three local banks behind one web handler, routed by path prefix below the banks' origin:
//   /sandbox-bank/…         the NextGenPSD2 sandbox bank (sandbox/bank): XS2A API, directory,
//                           authorize pages and their form posts, controls
//   /enablebanking-fake/…   the fake Enable Banking (sandbox/enablebanking)
//   /gocardless-fake/…      the fake GoCardless (sandbox/gocardless)
//   /sandbox-registry/…     the sandbox company registry (sandbox/registry), for company lookups
//   /recherche-entreprises-fake/…  the fake of France's company search (sandbox/registers/france)
//   /brreg-fake/…           the fake of Norway's Brønnøysund registers (sandbox/registers/norway)
//   /companies-house-fake/… the fake Companies House (sandbox/registers/companies-house)
//   /gleif-fake/…           the fake GLEIF (sandbox/registers/gleif)
//   /healthz                200 while the banks serve
// sandbox/server.ts serves it as a process of its own; integration tests serve it in theirs. The
// company registers' fakes live here too: the product reaches a register over HTTP as it reaches a bank.
import type { KeyObject } from "node:crypto";
import { handleSandboxBank } from "@/sandbox/bank/routes";
import { openBankDatabase } from "@/sandbox/bank/store/db";
import { handleEnableBankingFake, type EnableBankingApp } from "@/sandbox/enablebanking/server";
import { handleGoCardlessFake, type GoCardlessSecrets } from "@/sandbox/gocardless/server";
import { handleFranceFake } from "@/sandbox/registers/france/routes";
import { handleNorwayFake } from "@/sandbox/registers/norway/routes";
import { handleCompaniesHouseFake } from "@/sandbox/registers/companies-house/routes";
import { handleGleifFake } from "@/sandbox/registers/gleif/routes";
import { createRegisterFaults } from "@/sandbox/registers/shared/faults";
import { handleSandboxRegistry } from "@/sandbox/registry/routes";
import { logoResponse } from "@/sandbox/shared/logos";
import {
  COMPANIES_HOUSE_REGISTER_PREFIX,
  EB_FAKE_PREFIX,
  FRANCE_REGISTER_PREFIX,
  GC_FAKE_PREFIX,
  GLEIF_REGISTER_PREFIX,
  NORWAY_REGISTER_PREFIX,
  SANDBOX_REGISTRY_PREFIX,
} from "@/sandbox/shared/prefixes";

export type BanksOptions = {
  /** The banks' public origin (SANDBOX_BANK_URL), no trailing slash. */
  publicUrl: string;
  /** The sandbox bank's database. */
  databaseUrl: string;
  /** The operator's secret for every control (X-Sandbox-Control); null: every control refuses. */
  controlSecret: string | null;
  /** The sandbox user `slow`: seconds between Approve and the consent becoming valid. */
  slowApprovalSeconds: number;
  /** The application the fake Enable Banking knows; null: its API answers 401. */
  enableBanking: { appId: string; publicKey: KeyObject } | null;
  /** The user secrets the fake GoCardless accepts; null: its token endpoint answers 401. */
  goCardless: GoCardlessSecrets | null;
  /** What the sandbox company registry derives its companies from. */
  registrySeed: string;
  /** The key the fake Companies House accepts; null or absent: its API answers 401. */
  companiesHouseKey?: string | null;
};

export type Banks = {
  handle: (request: Request) => Promise<Response>;
  /** Ends the sandbox bank's pool. */
  close: () => Promise<void>;
};

const notFound = () => Response.json({ error: "not_found" }, { status: 404 });

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export async function createBanks(options: BanksOptions): Promise<Banks> {
  const publicUrl = options.publicUrl.replace(/\/$/, "");
  const database = await openBankDatabase(options.databaseUrl);
  const bank = { publicUrl, slowApprovalSeconds: options.slowApprovalSeconds, controlSecret: options.controlSecret };
  const app: EnableBankingApp | null = options.enableBanking;
  const eb = { publicUrl, app, controlSecret: options.controlSecret };
  const gc = { publicUrl, secrets: options.goCardless, controlSecret: options.controlSecret };
  const registry = { seed: options.registrySeed };
  const france = { faults: createRegisterFaults(), controlSecret: options.controlSecret };
  const norway = { faults: createRegisterFaults(), controlSecret: options.controlSecret };
  const companiesHouse = {
    apiKey: options.companiesHouseKey ?? null,
    controlSecret: options.controlSecret,
    faults: createRegisterFaults(),
  };
  const gleif = { publicUrl, controlSecret: options.controlSecret, faults: createRegisterFaults() };
  return {
    handle: (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === "/healthz")
        return Promise.resolve(new Response("ok", { headers: { "cache-control": "no-store" } }));
      const logo = logoResponse(pathname);
      if (logo) return Promise.resolve(logo);
      if (under(pathname, EB_FAKE_PREFIX)) return handleEnableBankingFake(request, eb);
      if (under(pathname, GC_FAKE_PREFIX)) return handleGoCardlessFake(request, gc);
      if (under(pathname, SANDBOX_REGISTRY_PREFIX)) return Promise.resolve(handleSandboxRegistry(request, registry));
      if (under(pathname, FRANCE_REGISTER_PREFIX)) return handleFranceFake(request, france);
      if (under(pathname, NORWAY_REGISTER_PREFIX)) return handleNorwayFake(request, norway);
      if (under(pathname, COMPANIES_HOUSE_REGISTER_PREFIX)) return handleCompaniesHouseFake(request, companiesHouse);
      if (under(pathname, GLEIF_REGISTER_PREFIX)) return handleGleifFake(request, gleif);
      return handleSandboxBank(request, bank) ?? Promise.resolve(notFound());
    },
    close: () => database.close(),
  };
}
