import { z } from "zod";
import { countryCode } from "@/lib/clients/schemas";
import { pageQuery } from "@/lib/api/pagination";

/** What the consent is for. `account_access`: account list, balances and transactions; `account_list`: the account list only. */
export const PURPOSES = ["account_access", "account_list"] as const;
export const MIN_EXPIRY_DAYS = 1;
/** PSD2 RTS Art. 10a: the account holder re-authenticates at least every 180 days. */
export const MAX_EXPIRY_DAYS = 180;

const expiryDays = z
  .number({ message: `expiryDays must be a whole number of days from ${MIN_EXPIRY_DAYS} to ${MAX_EXPIRY_DAYS}` })
  .int(`expiryDays must be a whole number of days from ${MIN_EXPIRY_DAYS} to ${MAX_EXPIRY_DAYS}`)
  .min(MIN_EXPIRY_DAYS, `expiryDays must be at least ${MIN_EXPIRY_DAYS}`)
  .max(MAX_EXPIRY_DAYS, `expiryDays must be at most ${MAX_EXPIRY_DAYS} (PSD2 requires re-authentication every 180 days)`);

const bankId = z.string().trim().min(1, "bankId is required").max(100);

export const CreateConsentBody = z.strictObject({
  integrationName: z.string({ message: "integrationName is required" }).trim().min(1, "integrationName is required").max(50),
  purpose: z.enum(PURPOSES, { message: `purpose must be one of ${PURPOSES.join(", ")}` }),
  expiryDays,
  bankId: bankId.optional(),
});

export const InitiateRedirectBody = z.strictObject({
  bankId: bankId.optional(),
  returnTo: z.url({ message: "returnTo must be an absolute URL" }).max(2000).optional(),
});

export const RenewConsentBody = z.strictObject({ expiryDays: expiryDays.optional() });

export const BanksQuery = z.object({
  country: countryCode,
  integrationName: z.string().max(50).optional(),
  search: z.string().trim().max(100).optional(),
});

export const ListConsentsQuery = pageQuery.extend({
  status: z.enum(["pending", "valid", "rejected", "expired", "revoked", "renewed"]).optional(),
});
