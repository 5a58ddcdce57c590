import { z } from "zod";
import { countryCode } from "@/lib/clients/schemas";
import { pageQuery } from "@/lib/api/pagination";
import { isoDate } from "@/lib/dates/iso-date";

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

export const ACCOUNT_TYPES = ["private", "company", "payment"] as const;

export const TrackAccountBody = z.strictObject({
  bankId: z.string({ message: "bankId is required" }).trim().min(1, "bankId is required").max(100),
  countryCode,
  accountType: z.enum(ACCOUNT_TYPES, { message: `accountType must be one of ${ACCOUNT_TYPES.join(", ")}` }),
  consentId: z.uuid({ message: "consentId must be a consent id" }).optional(),
  accountId: z.string().trim().min(1).max(200).optional(),
  autoUpdatesPerDay: z.number().int().min(0).max(3, "autoUpdatesPerDay is at most 3 (PSD2 allows 4 unattended accesses a day; one stays free for retries)").optional(),
});

export const AutoUpdateBody = z.strictObject({
  timesPerDay: z
    .number({ message: "timesPerDay must be a whole number from 0 to 3" })
    .int("timesPerDay must be a whole number from 0 to 3")
    .min(0, "timesPerDay must be at least 0 (off)")
    .max(3, "timesPerDay is at most 3 (PSD2 allows 4 unattended accesses a day; one stays free for retries)"),
});

export const DEFAULT_TRANSACTIONS_PER_PAGE = 100;
export const MAX_TRANSACTIONS_PER_PAGE = 500;

export const TransactionsQuery = z
  .object({
    "filter[fromDate]": isoDate.optional(),
    "filter[toDate]": isoDate.optional(),
    "filter[status]": z.enum(["booked", "pending"], { message: "filter[status] must be booked or pending" }).optional(),
    perPage: z.coerce
      .number({ message: "perPage must be a whole number" })
      .int("perPage must be a whole number")
      .min(1, "perPage must be at least 1")
      .max(MAX_TRANSACTIONS_PER_PAGE, `perPage must be at most ${MAX_TRANSACTIONS_PER_PAGE}`)
      .default(DEFAULT_TRANSACTIONS_PER_PAGE),
    cursor: z.string().max(512).optional(),
  })
  .refine((q) => !q["filter[fromDate]"] || !q["filter[toDate]"] || q["filter[fromDate]"] <= q["filter[toDate]"], {
    message: "filter[fromDate] must not be after filter[toDate]",
    path: ["filter[fromDate]"],
  });

export const ListAccountsQuery = pageQuery;
