// HTTP for GLEIF's public LEI API (JSON:API, no key): https://api.gleif.org/api/v1. The base URL
// comes from configuration, so tests point it at a local fake server.
import { GleifListDocument, GleifSingleDocument, type GleifLeiRecord } from "@/lib/datasets/providers/gleif-transform";
import { readRegistry, type RegistryHttpOptions } from "@/lib/datasets/providers/registry-http";
import type { z } from "zod";

export type GleifApiOptions = RegistryHttpOptions;

const GLEIF = "GLEIF";
const read = <S extends z.ZodType>(options: GleifApiOptions, path: string, schema: S) =>
  readRegistry(GLEIF, options, path, schema, "application/vnd.api+json");

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
  return (await read(options, `/lei-records?${query.toString()}`, GleifListDocument))?.data[0] ?? null;
}

/** The record of one LEI, or null when GLEIF has none (404). */
export async function findByLei(options: GleifApiOptions, lei: string): Promise<GleifLeiRecord | null> {
  return (await read(options, `/lei-records/${encodeURIComponent(lei)}`, GleifSingleDocument))?.data ?? null;
}

/** Records whose legal name matches, in one country, in GLEIF's own order. */
export async function searchByName(
  options: GleifApiOptions,
  name: string,
  country: string,
  limit: number,
): Promise<GleifLeiRecord[]> {
  const query = new URLSearchParams({
    "filter[entity.legalName]": name,
    "filter[entity.legalAddress.country]": country,
    "page[size]": String(limit),
  });
  return (await read(options, `/lei-records?${query.toString()}`, GleifListDocument))?.data ?? [];
}

/** `relation` is `direct-parent` or `ultimate-parent`; GLEIF answers 404 when none is reported. */
export async function findParent(
  options: GleifApiOptions,
  lei: string,
  relation: "direct-parent" | "ultimate-parent",
): Promise<GleifLeiRecord | null> {
  const path = `/lei-records/${encodeURIComponent(lei)}/${relation}`;
  return (await read(options, path, GleifSingleDocument))?.data ?? null;
}
