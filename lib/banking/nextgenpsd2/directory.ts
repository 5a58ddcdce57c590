// Where the ASPSPs are: an HTTP directory (the sandbox bank serves one) listing each bank's
// NextGenPSD2 base URL. Cached briefly; bank lists change rarely.
import { z } from "zod";
import { ProviderError } from "@/lib/provider-errors";
import { sendJson } from "@/lib/banking/http-json";
import type { Bank, Country } from "@/lib/banking/types";

export type DirectoryBank = Bank & { baseUrl: string };

export type AspspDirectory = {
  countries(): Promise<Country[]>;
  banks(): Promise<DirectoryBank[]>;
};

const DirectoryResponse = z.object({
  banks: z.array(
    z.object({
      bankId: z.string(),
      name: z.string(),
      bic: z.string().nullish(),
      countryCode: z.string().length(2),
      baseUrl: z.string(),
      logoUrl: z.string().nullish(),
    }),
  ),
  countries: z.array(z.object({ countryCode: z.string().length(2), name: z.string() })),
});

const CACHE_MS = 60_000;

export function httpDirectory(options: {
  url: string;
  integrationName: string;
  fetchImpl?: typeof fetch;
}): AspspDirectory {
  let cached: { at: number; value: z.infer<typeof DirectoryResponse> } | null = null;
  const load = async () => {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    // sendJson: a timeout over the whole answer, a size cap, and a body that breaks off is `unavailable`.
    const answer = await sendJson(
      { method: "GET", url: options.url },
      { who: "The bank directory", fetchImpl: options.fetchImpl, timeoutMs: 10_000 },
    );
    if (!answer.ok)
      throw new ProviderError("unavailable", `The bank directory answered HTTP ${answer.status}.`, {
        status: answer.status,
      });
    const parsed = DirectoryResponse.safeParse(answer.body);
    if (!parsed.success)
      throw new ProviderError("unknown", "The bank directory's answer had an unexpected shape.", {
        cause: parsed.error,
      });
    cached = { at: Date.now(), value: parsed.data };
    return parsed.data;
  };
  return {
    countries: async () => (await load()).countries,
    banks: async () =>
      (await load()).banks.map((b) => ({
        bankId: b.bankId,
        name: b.name,
        bic: b.bic ?? null,
        countryCode: b.countryCode.toUpperCase(),
        integrationName: options.integrationName,
        logoUrl: b.logoUrl ? new URL(b.logoUrl, options.url).toString() : null,
        baseUrl: new URL(b.baseUrl, options.url).toString().replace(/\/$/, ""),
      })),
  };
}
