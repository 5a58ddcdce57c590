// Response shapes of /api/accounttracking/v1 (mirroring lib/accounttracking/serialize.ts, accounts.ts,
// transactions.ts, stats.ts and registration.ts).
import { z } from "zod";
import { ACCOUNT_TYPES } from "@/lib/accounttracking/schemas";
import { dateOnly, isoDateTime, uuid } from "@/lib/openapi/schemas/common";
import { ACCOUNT_TRACKING } from "@/lib/webhooks/events";

const CONSENT_STATUSES = ["pending", "valid", "rejected", "expired", "revoked", "renewed"] as const;
const RUN_STATES = ["queued", "running", "succeeded", "failed"] as const;

export const TrackingStatusSchema = z.object({ active: z.boolean(), activatedAt: isoDateTime.nullable() });

export const CountrySchema = z.object({ countryCode: z.string(), name: z.string(), bankCount: z.number().int() });

export const BankSchema = z.object({
  bankId: z.string(),
  name: z.string(),
  bic: z.string().nullable(),
  countryCode: z.string(),
  integrationName: z.string(),
  logoUrl: z
    .string()
    .nullable()
    .describe("The bank's logo as its integration gives it; null when it gives none (show the initials)"),
  lastUsedAt: isoDateTime
    .nullable()
    .describe("When this scope last connected to the bank (its latest consent there); null if never"),
  popular: z
    .boolean()
    .describe(
      "Among the country's banks the most other workspaces of this deployment connect to (at least three of them; the caller's own consents never count)",
    ),
});

export const ConsentSchema = z.object({
  id: uuid,
  integrationName: z.string(),
  purpose: z.enum(["account_access", "account_list"]),
  status: z.enum(CONSENT_STATUSES),
  isValid: z.boolean(),
  expiresAt: isoDateTime.nullable().describe("Exclusive end of validity: 00:00 UTC the day after validUntil"),
  remainingDays: z.string().describe("Whole days, as a string"),
  expiryDays: z.number().int(),
  validUntil: dateOnly.nullable(),
  bankId: z.string().nullable(),
  bankName: z.string().nullable(),
  bankConsentId: z.string().nullable(),
  countryCode: z.string().nullable(),
  statusReason: z.string().nullable(),
  authorizedAt: isoDateTime.nullable(),
  lastCheckedAt: isoDateTime.nullable(),
  refreshedAt: isoDateTime
    .nullable()
    .describe(
      "When the bank last told us this consent's status (this record is stored state; POST …/refresh asks the bank now)",
    ),
  accountsRefreshedAt: isoDateTime
    .nullable()
    .describe("When the bank last listed the accounts this consent exposes (GET …/accounts answers that list)"),
  renewsConsentId: uuid.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const RedirectSchema = z.object({
  consentId: uuid,
  authorizationUrl: z.string(),
  stateExpiresAt: isoDateTime,
  scaApproach: z
    .enum(["redirect", "decoupled"])
    .describe(
      "redirect: send the account holder to authorizationUrl (the bank's page, or our picker). decoupled: they approve in their banking app; authorizationUrl is Ledgerlink's page that follows it, and the consent's status becomes valid (or rejected) by itself until stateExpiresAt",
    ),
  psuMessage: z.string().nullable().describe("What the bank asks us to tell the account holder (decoupled)"),
});

export const RemainingDaysSchema = z.object({
  consentId: uuid,
  status: z.enum(CONSENT_STATUSES),
  remainingDays: z.string(),
  validUntil: dateOnly.nullable(),
  expiresAt: isoDateTime.nullable(),
  asOf: dateOnly.nullable().describe("Today by the bank's calendar: its date at the last check, moved on to today"),
  refreshedAt: isoDateTime.nullable().describe("When the bank last told us the consent's status"),
});

export const BankAccountSchema = z.object({
  accountId: z.string(),
  iban: z.string().nullable(),
  currency: z.string(),
  name: z.string().nullable(),
  product: z.string().nullable(),
  ownerName: z.string().nullable(),
  cashAccountType: z.string().nullable(),
  accountType: z.enum(ACCOUNT_TYPES),
  balance: z
    .object({
      amount: z.string().describe("Decimal string"),
      currency: z.string(),
      type: z.string().describe("The bank's balance type, e.g. closingBooked, interimAvailable"),
      referenceDate: dateOnly.nullable(),
    })
    .nullable()
    .describe("What the bank listed with the account at approval or the last refresh; null when its list gives none"),
});

export const SyncRunSchema = z.object({
  id: uuid,
  state: z.enum(RUN_STATES),
  trigger: z.string(),
  attended: z.boolean(),
  progress: z.object({
    pages: z.number().int(),
    added: z.number().int(),
    updated: z.number().int(),
    removed: z.number().int(),
    reissued: z.number().int(),
    dateFrom: dateOnly.nullable().describe("The first day the run asks the bank for (set once it starts)"),
    readFrom: dateOnly.nullable().describe("The oldest booking date among the rows the run has read so far"),
    readTo: dateOnly.nullable().describe("The newest booking date among the rows the run has read so far"),
  }),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  retryAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  startedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  heartbeatAt: isoDateTime.nullable(),
});

export const AccountSchema = z.object({
  id: uuid,
  source: z
    .enum(["bank", "file"])
    .describe(
      "bank: synced under a consent; file: kept from statement files (POST /accounts/file), never synced, integrationName and bankId `file`",
    ),
  consentId: uuid.nullable().describe("The consent it syncs under; null for an account kept from statement files"),
  integrationName: z.string(),
  bankId: z.string(),
  bankName: z.string().nullable(),
  countryCode: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  bankAccountId: z.string(),
  // As the bank describes the account.
  ...BankAccountSchema.pick({ iban: true, currency: true, name: true, product: true, ownerName: true }).shape,
  nickname: z.string().nullable().describe("The person's own name for the account; `name` stays the bank's"),
  balance: z.object({ amount: z.string(), currency: z.string(), date: dateOnly.nullable() }).nullable(),
  autoUpdatesPerDay: z.number().int(),
  nextScheduledAt: isoDateTime.nullable(),
  lastSyncedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  latestSync: SyncRunSchema.nullable(),
  access: z
    .object({
      status: z.enum(CONSENT_STATUSES),
      expiresAt: isoDateTime.nullable(),
    })
    .nullable()
    .describe(
      "The bank connection the account syncs under: it syncs only while that is valid and not past expiresAt. null: kept from statement files, no connection",
    ),
  trackingState: ACCOUNT_TRACKING.describe(
    "tracking: synced; stopped: no syncs, its transactions, counterparts and figures kept; archived: a stopped account put away. Changed with PATCH",
  ),
  trackingChangedAt: isoDateTime.nullable().describe("When trackingState last changed; null: tracked since createdAt"),
  hidden: z
    .boolean()
    .describe("A person hid it: the UI leaves it out of lists, pickers and totals by default. It still syncs"),
});

export const TrackedSchema = z.object({ account: AccountSchema, sync: SyncRunSchema });

export const SyncStatusSchema = z.object({
  accountId: uuid,
  running: z.boolean(),
  state: z.enum([...RUN_STATES, "never_synced"]),
  run: SyncRunSchema.nullable(),
  lastSucceededAt: isoDateTime.nullable(),
  autoUpdatesPerDay: z.number().int(),
  nextScheduledAt: isoDateTime.nullable(),
  psd2: z.object({
    unattendedAccessesPerDay: z.number().int(),
    usedLast24h: z.number().int(),
    left: z.number().int(),
    nextAllowedAt: isoDateTime.nullable(),
  }),
});

const s = z.string().nullable();
export const TransactionSchema = z.object({
  id: uuid,
  accountId: uuid.describe("The tracked account it belongs to"),
  bankTransactionId: z
    .string()
    .describe(
      "The bank's transactionId as it sent it. An id over 512 UTF-8 bytes is given as `sha256:` and its hex SHA-256 (the same on every sync); an entry the bank sent without an id has one derived from its content (`syn_…`). NUL characters in any of the bank's texts are dropped.",
    ),
  entryReference: s,
  status: z.enum(["booked", "pending"]),
  bookingDate: dateOnly.nullable(),
  valueDate: dateOnly.nullable(),
  amount: z.string().describe("Decimal string as the bank sent it; negative = money out"),
  currency: z.string(),
  counterpartName: s.describe(
    "The other party as the bank names it: the creditor of a debit, the debtor of a credit, the ultimate one where the bank names one (a shop behind a payment provider)",
  ),
  counterpartIban: s.describe(
    "The other party's account as the bank sent it: the creditor's IBAN on a debit, the debtor's on a credit (behind a payment provider, the provider's)",
  ),
  counterpartDisplayName: s.describe(
    "The counterpart as the person set it up: the alias of the counterpart it counts under (or of what that is consolidated into), else the bank's name",
  ),
  creditorName: s,
  creditorIban: s,
  ultimateCreditor: s,
  debtorName: s,
  debtorIban: s,
  ultimateDebtor: s,
  remittanceInformation: s,
  creditorId: s,
  mandateId: s,
  bankTransactionCode: s.describe("ISO 20022 bank transaction code (domain-family-subfamily) as the bank sent it"),
  endToEndId: s.describe("The end-to-end reference the payer gave (SEPA EndToEndId), as the bank sent it"),
  proprietaryBankTransactionCode: s.describe("The bank's own transaction code, as the bank sent it"),
  counterpartId: uuid
    .nullable()
    .describe("The counterpart it counts under: a person's binding, else the one derived from the bank data"),
  counterpartBound: z.boolean().describe("True when a person bound it by hand (survives re-syncs)"),
  isTransfer: z
    .boolean()
    .describe("A transfer between the scope's own accounts: left out of money in/out, charts and counterpart totals"),
  transferSource: z
    .enum(["person", "tracked_account", "owner_name"])
    .nullable()
    .describe(
      "Why it is a transfer: a person marked it, the other IBAN is a tracked account of the scope, or the other party has the account holder's name",
    ),
  transferOverride: z
    .boolean()
    .nullable()
    .describe("A person's word (true/false) that wins over detection; null = detected"),
  note: s.describe("A person's note on the transaction (PATCH …/transactions/{transactionId})"),
  tags: z.array(z.string()).describe("A person's tags on the transaction, one lower-case word each"),
  category: z
    .object({ id: uuid, name: z.string(), parentId: uuid.nullable() })
    .nullable()
    .describe("The transaction's one category (GET …/categories), or null"),
  categorySource: z
    .enum(["person", "rule", "counterpart"])
    .nullable()
    .describe(
      "Who set the category: a person (PUT …/transactions/{transactionId}/category; wins over the rest), a rule, or the counterpart's default. person with category null: a person cleared it",
    ),
});

export const TransactionTotalsSchema = z.object({
  count: z.number().int().describe("Transactions in the filtered set"),
  currencies: z
    .array(
      z.object({
        currency: z.string(),
        count: z.number().int(),
        inflow: z.string().describe("Money in, decimal string, own-account transfers left out"),
        outflow: z.string().describe("Money out (positive), decimal string, own-account transfers left out"),
        net: z.string().describe("inflow − outflow"),
        transfers: z.object({ count: z.number().int(), net: z.string() }).describe("Own-account transfers in the set"),
      }),
    )
    .describe("One entry per currency; amounts of different currencies are never added"),
});

export const StatsSchema = z.object({
  accountId: uuid,
  currency: z
    .string()
    .describe("The account's currency (ISO 4217); a bank may still send some transactions in another"),
  balance: z.object({ amount: z.string(), date: dateOnly.nullable(), source: z.literal("bank") }).nullable(),
  counts: z.object({ booked: z.number().int(), pending: z.number().int() }),
  currencies: z
    .array(
      z.object({
        currency: z.string(),
        booked: z.number().int(),
        pending: z.number().int(),
        bookedSum: z.string().describe("Sum of the booked amounts in this currency, decimal string"),
      }),
    )
    .describe(
      "One entry per currency the account's transactions are in; amounts of different currencies are never added",
    ),
  bookedSum: z
    .string()
    .nullable()
    .describe("Sum of the booked amounts, in `currency`; null when some are in another currency (read currencies)"),
  firstDate: dateOnly.nullable(),
  lastDate: dateOnly.nullable(),
  months: z
    .array(
      z.object({
        month: z.string().describe("YYYY-MM"),
        currency: z.string(),
        inflow: z.string(),
        outflow: z.string(),
        net: z.string(),
        count: z.number().int(),
        transfersIn: z.string().describe("Own-account transfers in (not part of inflow)"),
        transfersOut: z.string().describe("Own-account transfers out (not part of outflow)"),
      }),
    )
    .describe(
      "Per month and currency: for each currency booked, every month from the first booking to the last, oldest first; months without bookings are zero",
    ),
  topCounterparts: z
    .array(
      z.object({
        name: z
          .string()
          .describe("The counterpart as the person set it up: its alias, or the counterpart it is consolidated into"),
        count: z.number().int().describe("Transactions with this party, in all currencies"),
        total: z
          .string()
          .optional()
          .describe("Net amount, in `currency`; present only when all of them are in that currency"),
        totalsByCurrency: z
          .array(z.object({ currency: z.string(), count: z.number().int(), total: z.string() }))
          .describe("Net amount per currency, never added across currencies"),
      }),
    )
    .describe("Top 10 by count; own-account transfers left out"),
});

export const AutoUpdateSchema = z.object({
  accountId: uuid,
  autoUpdatesPerDay: z.number().int(),
  nextScheduledAt: isoDateTime.nullable(),
});
