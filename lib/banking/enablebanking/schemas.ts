// Enable Banking's API shapes (enable-banking-api-openapi.yml) as zod schemas. Checked loosely
// (loose objects): the contract itself is enforced in tests against the shared OpenAPI file.
import { z } from "zod";
import { currencyCode } from "@/lib/banking/normalise";
import { isoDate } from "@/lib/dates/iso-date";

const amount = z.object({ currency: currencyCode, amount: z.string().regex(/^-?\d+(\.\d+)?$/) });
const accountId = z.looseObject({ iban: z.string().optional() }).optional();
const party = z.looseObject({ name: z.string().optional() }).optional();
const access = z.looseObject({ valid_until: z.string() });

export const EbAspsp = z.looseObject({
  name: z.string(),
  country: z.string(),
  bic: z.string().optional(),
  logo: z.string().optional(),
  psu_types: z.array(z.enum(["business", "personal"])),
  maximum_consent_validity: z.number(),
});
export type EbAspsp = z.infer<typeof EbAspsp>;
export const EbAspsps = z.looseObject({ aspsps: z.array(EbAspsp) });
export const EbStartAuthorization = z.looseObject({ url: z.string(), authorization_id: z.string() });

export const EbAccount = z.looseObject({
  uid: z.string().optional(),
  account_id: accountId,
  name: z.string().optional(),
  details: z.string().optional(),
  usage: z.string().optional(),
  cash_account_type: z.string(),
  product: z.string().optional(),
  currency: currencyCode,
});
export type EbAccount = z.infer<typeof EbAccount>;

export const EbAuthorizedSession = z.looseObject({
  session_id: z.string(),
  accounts: z.array(EbAccount),
  psu_type: z.string(),
  access,
});
export const EbSession = z.looseObject({
  status: z.string(),
  accounts: z.array(z.string()),
  psu_type: z.string(),
  access,
});
export const EbBalances = z.looseObject({
  balances: z.array(
    z.looseObject({ balance_amount: amount, balance_type: z.string(), reference_date: isoDate.optional() }),
  ),
});

export const EbTransaction = z.looseObject({
  entry_reference: z.string().optional(),
  transaction_id: z.string().optional(),
  transaction_amount: amount,
  credit_debit_indicator: z.enum(["CRDT", "DBIT"]),
  status: z.string(),
  // Calendar days (YYYY-MM-DD that exist), as the contract's `format: date` says.
  booking_date: isoDate.optional(),
  value_date: isoDate.optional(),
  transaction_date: isoDate.optional(),
  creditor: party,
  creditor_account: accountId,
  debtor: party,
  debtor_account: accountId,
  remittance_information: z.array(z.string()).optional(),
  reference_number: z.string().optional(),
  bank_transaction_code: z.looseObject({ code: z.string().optional(), sub_code: z.string().optional() }).optional(),
});
export type EbTransaction = z.infer<typeof EbTransaction>;
export const EbTransactions = z.looseObject({
  transactions: z.array(EbTransaction),
  continuation_key: z.string().nullish(),
});
