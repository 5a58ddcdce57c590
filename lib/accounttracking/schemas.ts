import { z } from "zod";
import { countryCode } from "@/lib/clients/schemas";
import { pageQuery, perPageParam } from "@/lib/pagination";
import { isoDate } from "@/lib/dates/iso-date";
import { ibanValid } from "@/lib/datasets/check-digits";
import { ACCOUNT_TRACKING } from "@/lib/webhooks/events";

/** What the consent is for. `account_access`: account list, balances and transactions; `account_list`: the account list only. */
export const PURPOSES = ["account_access", "account_list"] as const;
const MIN_EXPIRY_DAYS = 1;
/** PSD2 RTS Art. 10a: the account holder re-authenticates at least every 180 days. */
const MAX_EXPIRY_DAYS = 180;

const expiryDays = z
  .number({ message: `expiryDays must be a whole number of days from ${MIN_EXPIRY_DAYS} to ${MAX_EXPIRY_DAYS}` })
  .int(`expiryDays must be a whole number of days from ${MIN_EXPIRY_DAYS} to ${MAX_EXPIRY_DAYS}`)
  .min(MIN_EXPIRY_DAYS, `expiryDays must be at least ${MIN_EXPIRY_DAYS}`)
  .max(
    MAX_EXPIRY_DAYS,
    `expiryDays must be at most ${MAX_EXPIRY_DAYS} (PSD2 requires re-authentication every 180 days)`,
  );

const bankId = z.string().trim().min(1, "bankId is required").max(100);

export const CreateConsentBody = z.strictObject({
  integrationName: z
    .string({ message: "integrationName is required" })
    .trim()
    .min(1, "integrationName is required")
    .max(50),
  purpose: z.enum(PURPOSES, { message: `purpose must be one of ${PURPOSES.join(", ")}` }),
  expiryDays,
  bankId: bankId.optional(),
});

export const InitiateRedirectBody = z.strictObject({
  bankId: bankId.optional(),
  returnTo: z.url({ message: "returnTo must be an absolute URL" }).max(2000).optional(),
  psuId: z
    .string()
    .trim()
    .min(1)
    .max(140)
    .optional()
    .describe(
      "The account holder's user id at the bank. Optional; a bank that approves in its app (decoupled SCA) needs it to know whose app to ask.",
    ),
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
  autoUpdatesPerDay: z
    .number()
    .int()
    .min(0)
    .max(3, "autoUpdatesPerDay is at most 3 (PSD2 allows 4 unattended accesses a day; one stays free for retries)")
    .optional(),
});

/** The ISO 4217 codes the runtime's ICU knows (a typo such as "EUT" has the right shape, not a currency). */
const ISO_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** An account kept from statement files (POST /accounts/file): what a person knows of it. */
export const FileAccountBody = z.strictObject({
  name: z.string({ message: "name is required" }).trim().min(1, "name is required").max(140),
  iban: z
    .string({ message: "iban must be a string" })
    .transform((v) => v.replace(/[\s-]/g, "").toUpperCase())
    .refine(ibanValid, "iban is not a valid IBAN (check its characters and check digits)")
    .optional()
    .describe("Spaces and case aside; checked by its ISO 13616 check digits. An imported statement must name it"),
  currency: z
    .string({ message: "currency is required" })
    .regex(/^[A-Z]{3}$/, "currency is a three-letter ISO 4217 code such as EUR")
    .refine((code) => ISO_CURRENCIES.has(code), "currency is not an ISO 4217 currency code"),
  bankName: z.string().trim().min(1, "bankName must not be empty").max(140).optional(),
  accountType: z.enum(ACCOUNT_TYPES, { message: `accountType must be one of ${ACCOUNT_TYPES.join(", ")}` }),
});

export const AutoUpdateBody = z.strictObject({
  timesPerDay: z
    .number({ message: "timesPerDay must be a whole number from 0 to 3" })
    .int("timesPerDay must be a whole number from 0 to 3")
    .min(0, "timesPerDay must be at least 0 (off)")
    .max(3, "timesPerDay is at most 3 (PSD2 allows 4 unattended accesses a day; one stays free for retries)"),
});

const DEFAULT_TRANSACTIONS_PER_PAGE = 100;
const MAX_TRANSACTIONS_PER_PAGE = 500;

const amount = (name: string) =>
  z
    .string()
    .trim()
    .regex(
      /^\d{1,15}([.,]\d{1,6})?$/,
      `${name} must be an amount such as 42.50 (its size: it matches money in and out alike)`,
    )
    .transform((v) => v.replace(",", "."));

/** The filters of an account's transactions: the list, its totals and its CSV export take the same. */
const filterShape = {
  "filter[fromDate]": isoDate.optional(),
  "filter[toDate]": isoDate.optional(),
  "filter[status]": z.enum(["booked", "pending"], { message: "filter[status] must be booked or pending" }).optional(),
  "filter[q]": z.string().trim().max(200, "filter[q] is at most 200 characters").optional(),
  "filter[minAmount]": amount("filter[minAmount]").optional(),
  "filter[maxAmount]": amount("filter[maxAmount]").optional(),
  "filter[direction]": z.enum(["in", "out"], { message: "filter[direction] must be in or out" }).optional(),
  "filter[category]": z
    .union([z.literal("none"), z.uuid()], { message: "filter[category] must be a category id or none" })
    .optional()
    .describe("A category's transactions (a parent's include its children's), or none: those without a category"),
};

type FilterInput = { [K in keyof typeof filterShape]?: string };

function checkRanges(q: FilterInput, ctx: z.RefinementCtx) {
  if (q["filter[fromDate]"] && q["filter[toDate]"] && q["filter[fromDate]"] > q["filter[toDate]"]) {
    ctx.addIssue({
      code: "custom",
      message: "filter[fromDate] must not be after filter[toDate]",
      path: ["filter[fromDate]"],
    });
  }
  if (
    q["filter[minAmount]"] &&
    q["filter[maxAmount]"] &&
    Number(q["filter[minAmount]"]) > Number(q["filter[maxAmount]"])
  ) {
    ctx.addIssue({
      code: "custom",
      message: "filter[minAmount] must not be above filter[maxAmount]",
      path: ["filter[minAmount]"],
    });
  }
}

export const TransactionFilterQuery = z.object(filterShape).superRefine(checkRanges);

/** The CSV export's query: the list's filters, and the file's dialect (lib/accounttracking/transactions/csv.ts). */
const csvFormat = {
  format: z
    .enum(["csv", "excel-eu"], { message: "format must be csv or excel-eu" })
    .default("csv")
    .describe("csv: commas, decimal point. excel-eu: semicolons, decimal comma (Excel in Belgium, France, Germany)"),
};

export const TransactionCsvQuery = z.object({ ...filterShape, ...csvFormat }).superRefine(checkRanges);

export const TransactionsQuery = z
  .object({
    ...filterShape,
    perPage: perPageParam(MAX_TRANSACTIONS_PER_PAGE, DEFAULT_TRANSACTIONS_PER_PAGE),
    cursor: z.string().max(512).optional(),
  })
  .superRefine(checkRanges);

const accountFilter = {
  "filter[accountId]": z.uuid({ message: "filter[accountId] must be an account id (a UUID)" }).optional(),
};

/** The scope's transactions across its accounts (GET …/v1/transactions): the same filters, and one account. */
export const ScopeTransactionsQuery = z
  .object({
    ...filterShape,
    ...accountFilter,
    perPage: perPageParam(MAX_TRANSACTIONS_PER_PAGE, DEFAULT_TRANSACTIONS_PER_PAGE),
    cursor: z.string().max(512).optional(),
  })
  .superRefine(checkRanges);

export const ScopeTransactionTotalsQuery = z.object({ ...filterShape, ...accountFilter }).superRefine(checkRanges);

/** The scope's transactions as CSV (GET …/v1/transactions.csv): the list's filters, and the file's format. */
export const ScopeTransactionCsvQuery = z
  .object({ ...filterShape, ...accountFilter, ...csvFormat })
  .superRefine(checkRanges);

/** The parsed query as the filter the SQL takes. */
export function transactionsFilterOf(query: z.infer<typeof TransactionFilterQuery>, scopeId: string) {
  return {
    fromDate: query["filter[fromDate]"],
    toDate: query["filter[toDate]"],
    status: query["filter[status]"],
    q: query["filter[q]"] || undefined,
    minAmount: query["filter[minAmount]"],
    maxAmount: query["filter[maxAmount]"],
    direction: query["filter[direction]"],
    category: query["filter[category]"],
    scopeId,
  };
}

const nickname = z
  .string({ message: "nickname must be text, or null to clear it" })
  .trim()
  .min(1, "nickname must not be empty; send null to clear it")
  .max(80, "nickname must be at most 80 characters")
  .nullable();

/** The account's own fields a person changes: any of them, at least one, together or none. */
export const AccountUpdateBody = z
  .strictObject({
    nickname: nickname.optional().describe("The person's own name for the account; null clears it"),
    hidden: z
      .boolean({ message: "hidden must be true or false" })
      .optional()
      .describe("Left out of the UI's lists, pickers and totals by default (a view choice: syncs go on)"),
    trackingState: z
      .enum(ACCOUNT_TRACKING.options, {
        message: `trackingState must be one of ${ACCOUNT_TRACKING.options.join(", ")}`,
      })
      .optional()
      .describe(
        "tracking → stopped (stop: no more syncs), stopped → tracking (resume), stopped → archived (archive), archived → stopped (restore); any other move is 409",
      ),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Send nickname, hidden or trackingState" });

export const TransactionNoteBody = z.strictObject({
  note: z
    .string({ message: "note must be text, or null to clear it" })
    .trim()
    .max(1000, "note must be at most 1000 characters")
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  tags: z
    .array(
      z
        .string({ message: "each tag must be text" })
        .trim()
        .toLowerCase()
        .min(1, "a tag must not be empty")
        .max(40, "a tag must be at most 40 characters")
        .regex(/^[^\s,]+$/, "a tag is one word (no spaces or commas)"),
    )
    .max(20, "at most 20 tags")
    .optional(),
});

export const TransferBody = z.strictObject({
  isTransfer: z.boolean({ message: "isTransfer must be true (a transfer between own accounts) or false (not one)" }),
});

const flag = z
  .enum(["true", "false"], { message: "filter[hidden] must be true or false" })
  .transform((v) => v === "true");

/** The account list: every account by default; `filter[trackingState]` (one or several, comma-separated) and `filter[hidden]` narrow it. */
export const ListAccountsQuery = pageQuery.extend({
  "filter[trackingState]": z
    .string()
    .trim()
    .transform((v) => v.split(",").map((s) => s.trim()))
    .pipe(
      z.array(
        z.enum(ACCOUNT_TRACKING.options, {
          message: `filter[trackingState] lists states among ${ACCOUNT_TRACKING.options.join(", ")}, comma-separated`,
        }),
      ),
    )
    .optional()
    .describe("Only accounts in these states, e.g. tracking,stopped"),
  "filter[hidden]": flag.optional().describe("Only hidden (true) or only shown (false) accounts"),
});

// ---------------------------------------------------------------------------------------------
// The ledger: balance series, reconciliation and closed months (lib/accounttracking/accounts/ledger.ts).

const currencyParam = z
  .string()
  .regex(/^[A-Z]{3}$/, "currency is a three-letter ISO 4217 code such as EUR")
  .optional();

export const SyncQuery = z.strictObject({
  dateFrom: isoDate.optional().describe("Read the bank again from this day (default: the sync's own window)"),
});

export const BalanceSeriesQuery = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  currency: currencyParam,
});

export const ReconciliationQuery = z.strictObject({
  from: isoDate.optional().describe("A day whose end has a booked balance (default: the first one known)"),
  to: isoDate.optional().describe("A day whose end has a booked balance (default: the newest one known)"),
  currency: currencyParam,
});

export const MonthsQuery = z.strictObject({ currency: currencyParam });

// A balance, signed (an overdrawn account's is negative), as a statement prints it.
const balanceFigure = (name: string) =>
  z
    .string({ message: `${name} must be a decimal string such as -1200.50` })
    .regex(
      /^-?\d{1,15}(\.\d{1,6})?$/,
      `${name} must be a decimal string such as -1200.50 (a point, no thousands separator)`,
    );

export const CloseMonthBody = z.strictObject({
  currency: currencyParam,
  openingBalance: balanceFigure("openingBalance")
    .optional()
    .describe("The balance at the end of the month before, from the statement, when none is known"),
  closingBalance: balanceFigure("closingBalance")
    .optional()
    .describe("The balance at the end of the month, from the statement, when none is known"),
});
