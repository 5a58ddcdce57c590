// The bank integrations this deployment offers, by integrationName. "sandbox" is the sandbox bank
// (on by default, off with SANDBOX_BANK_ENABLED=0), reached over HTTP at SANDBOX_BANK_URL like any
// bank; real ASPSPs are further NextGenPSD2 entries.
// "enablebanking" is Enable Banking, present only when configured (lib/env.ts enableBankingConfig);
// "gocardless" is GoCardless Bank Account Data, likewise (goCardlessConfig).
import "server-only";
import type { BankIntegration } from "@/lib/banking/interface";
import { observed } from "@/lib/banking/observed";
import { httpDirectory } from "@/lib/banking/nextgenpsd2/directory";
import { createNextGenPsd2Integration } from "@/lib/banking/nextgenpsd2/provider";
import { createEnableBankingIntegration } from "@/lib/banking/enablebanking/provider";
import { loadPrivateKey } from "@/lib/banking/enablebanking/key";
import { createGoCardlessIntegration } from "@/lib/banking/gocardless/provider";
import { enableBankingConfig, env, goCardlessConfig, sandboxBankUrl } from "@/lib/env";

export const SANDBOX_INTEGRATION = "sandbox";
export const ENABLE_BANKING_INTEGRATION = "enablebanking";
export const GOCARDLESS_INTEGRATION = "gocardless";

// Built per module graph, not on globalThis: the Next bundle and a tsx-loaded worker each build
// their own integrations (cheap, stateless), so no object made by one copy of our classes is used
// by the other.
let built: Map<string, BankIntegration> | null = null;

function build(): Map<string, BankIntegration> {
  const map = new Map<string, BankIntegration>();
  if (env.SANDBOX_BANK_ENABLED) {
    map.set(
      SANDBOX_INTEGRATION,
      createNextGenPsd2Integration({
        name: SANDBOX_INTEGRATION,
        directory: httpDirectory({
          url: `${sandboxBankUrl()}/sandbox-bank/api/directory`,
          integrationName: SANDBOX_INTEGRATION,
        }),
      }),
    );
  }
  // An aggregator's settings are its integration's options (Enable Banking's key read from its file).
  const eb = enableBankingConfig();
  if (eb) {
    const privateKey = loadPrivateKey(eb.keyFile);
    map.set(
      ENABLE_BANKING_INTEGRATION,
      createEnableBankingIntegration({ name: ENABLE_BANKING_INTEGRATION, ...eb, privateKey }),
    );
  }
  const gc = goCardlessConfig();
  if (gc) map.set(GOCARDLESS_INTEGRATION, createGoCardlessIntegration({ name: GOCARDLESS_INTEGRATION, ...gc }));
  // Every call to a bank is counted and traced the same way (lib/banking/observed.ts).
  return new Map([...map].map(([name, integration]) => [name, observed(integration)]));
}

export function integrations(): Map<string, BankIntegration> {
  built ??= build();
  return built;
}

export function integrationNames(): string[] {
  return [...integrations().keys()];
}

export function integrationFor(name: string): BankIntegration | null {
  return integrations().get(name) ?? null;
}
