// Hand-written zod schemas mirroring the Berlin Group 1.3.12 schemas the sandbox bank answers with:
// the spec's required fields, and only properties the spec defines (strict objects). A unit test
// cross-checks the required lists against the YAML.
import { z } from "zod";

const href = z.strictObject({ href: z.string().min(1) });
const amount = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.string().regex(/^-?[0-9]{1,14}(\.[0-9]{1,3})?$/),
});
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const iban = z.string().regex(/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/);
const accountReference = z.strictObject({
  iban,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
const consentStatus = z.enum([
  "received",
  "rejected",
  "valid",
  "revokedByPsu",
  "expired",
  "terminatedByTpp",
  "partiallyAuthorised",
]);

/** Required fields per spec schema, as the spec lists them (checked against the YAML). */
export const SPEC_REQUIRED = {
  "consentsResponse-201": ["consentStatus", "consentId", "_links"],
  "consentStatusResponse-200": ["consentStatus"],
  scaStatusResponse: ["scaStatus"],
  "consentInformationResponse-200_json": [
    "access",
    "recurringIndicator",
    "validUntil",
    "frequencyPerDay",
    "lastActionDate",
    "consentStatus",
  ],
  accountList: ["accounts"],
  accountDetails: ["currency"],
  "readAccountBalanceResponse-200": ["balances"],
  balance: ["balanceAmount", "balanceType"],
  amount: ["currency", "amount"],
  transactions: ["transactionAmount"],
  accountReport: ["_links"],
  _linksAccountReport: ["account"],
  tppMessageGeneric: ["category", "code"],
} as const;

export const balanceSchema = z.strictObject({
  balanceAmount: amount,
  balanceType: z.enum([
    "closingBooked",
    "expected",
    "openingBooked",
    "interimAvailable",
    "interimBooked",
    "forwardAvailable",
    "nonInvoiced",
  ]),
  referenceDate: date.optional(),
});

export const consentsResponse201 = z.strictObject({
  consentStatus,
  consentId: z.string().min(1),
  _links: z.strictObject({ scaRedirect: href, self: href, status: href }),
});

/** The decoupled approach's answer: no redirect link; the authorisation's SCA status link instead. */
export const consentsResponse201Decoupled = z.strictObject({
  consentStatus,
  consentId: z.string().min(1),
  scaStatus: z.literal("started"),
  psuMessage: z.string().max(500),
  _links: z.strictObject({ scaStatus: href, self: href, status: href }),
});

export const consentStatusResponse200 = z.strictObject({ consentStatus });

const scaStatus = z.enum([
  "received",
  "psuIdentified",
  "psuAuthenticated",
  "scaMethodSelected",
  "unconfirmed",
  "started",
  "finalised",
  "failed",
  "exempted",
]);
export const scaStatusResponse = z.strictObject({ scaStatus, psuMessage: z.string().max(500).optional() });

export const consentInformationResponse200 = z.strictObject({
  access: z.record(z.string(), z.unknown()),
  recurringIndicator: z.boolean(),
  validUntil: date,
  frequencyPerDay: z.number().int().min(1),
  lastActionDate: date,
  consentStatus,
  _links: z.strictObject({ account: href.optional(), self: href, status: href }).optional(),
});

export const accountDetails = z.strictObject({
  resourceId: z.string().min(1),
  iban,
  currency: z.string().regex(/^[A-Z]{3}$/),
  name: z.string().max(70),
  product: z.string().max(35),
  cashAccountType: z.enum(["CACC", "SVGS", "CARD", "OTHR"]),
  status: z.literal("enabled"),
  bic: z.string().regex(/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/),
  usage: z.enum(["PRIV", "ORGA"]),
  ownerName: z.string().max(140),
  balances: z.array(balanceSchema).optional(),
  _links: z.strictObject({ balances: href.optional(), transactions: href.optional() }),
});

export const accountList = z.strictObject({ accounts: z.array(accountDetails) });

export const readAccountBalanceResponse200 = z.strictObject({
  account: accountReference,
  balances: z.array(balanceSchema),
});

export const transactionSchema = z.strictObject({
  transactionId: z.string().min(1),
  entryReference: z.string().max(35),
  endToEndId: z.string().max(35).optional(),
  mandateId: z.string().max(35).optional(),
  creditorId: z.string().max(35).optional(),
  bookingDate: date.optional(),
  valueDate: date,
  transactionAmount: amount,
  creditorName: z.string().max(70).optional(),
  creditorAccount: accountReference.optional(),
  ultimateCreditor: z.string().max(70).optional(),
  debtorName: z.string().max(70).optional(),
  debtorAccount: accountReference.optional(),
  ultimateDebtor: z.string().max(70).optional(),
  remittanceInformationUnstructured: z.string().max(140).optional(),
  bankTransactionCode: z.string().regex(/^[A-Z]{4}-[A-Z]{4}-[A-Z]{4}$/),
  proprietaryBankTransactionCode: z.string().max(35).optional(),
});

export const transactionsResponse200 = z.strictObject({
  account: accountReference,
  transactions: z.strictObject({
    booked: z.array(transactionSchema).optional(),
    pending: z
      .array(transactionSchema.refine((t) => t.bookingDate === undefined, "pending entries have no bookingDate"))
      .optional(),
    _links: z.strictObject({
      account: href,
      first: href.optional(),
      next: href.optional(),
      previous: href.optional(),
      last: href.optional(),
    }),
  }),
  balances: z.array(balanceSchema).optional(),
});

export const tppError = z.strictObject({
  tppMessages: z
    .array(
      z.strictObject({
        category: z.enum(["ERROR", "WARNING"]),
        code: z.string().min(1),
        text: z.string().max(500).optional(),
      }),
    )
    .min(1),
});

/** Top-level properties each schema lets us emit (checked to be spec properties in the YAML test). */
export const EMITTED_PROPERTIES = {
  "consentsResponse-201": [
    ...new Set([...Object.keys(consentsResponse201.shape), ...Object.keys(consentsResponse201Decoupled.shape)]),
  ],
  scaStatusResponse: Object.keys(scaStatusResponse.shape),
  _linksConsents: ["scaRedirect", "scaStatus", "self", "status"],
  "consentInformationResponse-200_json": Object.keys(consentInformationResponse200.shape),
  accountDetails: Object.keys(accountDetails.shape),
  transactions: Object.keys(transactionSchema.shape),
  balance: Object.keys(balanceSchema.shape),
  "transactionsResponse-200_json": Object.keys(transactionsResponse200.shape),
  _linksAccountReport: ["account", "first", "next", "previous", "last"],
} as const;
