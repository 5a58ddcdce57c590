// HTTP for GLEIF's public LEI API (JSON:API, no key): https://api.gleif.org/api/v1. The base URL
// comes from configuration, so tests point it at a local fake server.
import { ProviderError } from "@/lib/provider-errors";
import { GleifListDocument, GleifSingleDocument, type GleifLeiRecord } from "@/lib/datasets/providers/gleif-transform";

export type GleifApiOptions = { baseUrl: string; timeoutMs: number };

async function getJson(options: GleifApiOptions, path: string): Promise<unknown> {
  const url = `${options.baseUrl.replace(/\/+$/, "")}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/vnd.api+json" },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new ProviderError("unavailable", "GLEIF could not be reached or did not answer in time.", { cause: error });
  }
  if (response.status === 404) return null;
  if (response.status === 429) throw new ProviderError("rate_limited", "GLEIF rate-limited the request.");
  if (response.status >= 500) throw new ProviderError("unavailable", `GLEIF answered ${response.status}.`);
  if (!response.ok) throw new ProviderError("rejected", `GLEIF refused the request (${response.status}).`);
  try {
    return await response.json();
  } catch (error) {
    throw new ProviderError("unknown", "GLEIF sent a response that is not JSON.", { cause: error });
  }
}

function parse<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ProviderError("unknown", "GLEIF sent a response in an unexpected shape.");
  return result.data;
}

export async function findByRegistration(
  options: GleifApiOptions,
  country: string,
  number: string,
): Promise<GleifLeiRecord | null> {
  const query = new URLSearchParams({
    "filter[entity.registeredAs]": number,
    "filter[entity.legalAddress.country]": country,
    "page[size]": "1",
  });
  const document = await getJson(options, `/lei-records?${query.toString()}`);
  if (document === null) return null;
  return parse(GleifListDocument, document).data[0] ?? null;
}

/** `relation` is `direct-parent` or `ultimate-parent`; GLEIF answers 404 when none is reported. */
export async function findParent(
  options: GleifApiOptions,
  lei: string,
  relation: "direct-parent" | "ultimate-parent",
): Promise<GleifLeiRecord | null> {
  const document = await getJson(options, `/lei-records/${encodeURIComponent(lei)}/${relation}`);
  if (document === null) return null;
  return parse(GleifSingleDocument, document).data;
}
