import { z } from "zod";
import { COUNTRY_CODES } from "@/lib/clients/countries";
import { pageQuery } from "@/lib/pagination";

export const CLIENT_TYPES = ["company", "sole_trader", "individual", "non_profit", "public_body"] as const;

/** Exactly two letters, an assigned ISO 3166-1 alpha-2 code; lower case is accepted and upper-cased. */
export const countryCode = z
  .string({ message: "Choose the client's country (countryCode, two letters like BE)." })
  .length(2, "countryCode must be exactly 2 characters (ISO 3166-1 alpha-2, e.g. BE)")
  .transform((v) => v.toUpperCase())
  .refine((v) => COUNTRY_CODES.has(v), "countryCode is not an ISO 3166-1 alpha-2 country code");

export const CreateClientBody = z.strictObject({
  type: z.enum(CLIENT_TYPES, { message: `type must be one of ${CLIENT_TYPES.join(", ")}` }),
  displayName: z
    .string({ message: "Enter the client's name (displayName)." })
    .trim()
    .min(1, "Enter the client's name (displayName).")
    .max(200, "displayName must be at most 200 characters"),
  countryCode,
});

export const ListClientsQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
});
