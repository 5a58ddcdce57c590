// Enable Banking's API shapes (enable-banking-api-openapi.yml) as zod schemas. Checked loosely
// (passthrough): the contract itself is enforced in tests against the shared OpenAPI file.
import { z } from "zod";

const amount = z.object({ currency: z.string(), amount: z.string().regex(/^-?\d+(\.\d+)?$/) });
const accountId = z.object({ iban: z.string().optional() }).passthrough().optional();
const party = z.object({ name: z.string().optional() }).passthrough().optional();
const access = z.object({ valid_until: z.string() }).passthrough();

export const EbAspsp = z
  .object({
    name: z.string(),
    country: z.string(),
    bic: z.string().optional(),
    psu_types: z.array(z.enum(["business", "personal"])),
    maximum_consent_validity: z.number(),
  })
  .passthrough();
export type EbAspsp = z.infer<typeof EbAspsp>;
export const EbAspsps = z.object({ aspsps: z.array(EbAspsp) }).passthrough();
export const EbStartAuthorization = z.object({ url: z.string(), authorization_id: z.string() }).passthrough();

export const EbAccount = z
  .object({
    uid: z.string().optional(),
    account_id: accountId,
    name: z.string().optional(),
    details: z.string().optional(),
    usage: z.string().optional(),
    cash_account_type: z.string(),
    product: z.string().optional(),
    currency: z.string(),
  })
  .passthrough();
export type EbAccount = z.infer<typeof EbAccount>;

export const EbAuthorizedSession = z
  .object({ session_id: z.string(), accounts: z.array(EbAccount), psu_type: z.string(), access })
  .passthrough();
export const EbSession = z
  .object({ status: z.string(), accounts: z.array(z.string()), psu_type: z.string(), access })
  .passthrough();
export const EbBalances = z
  .object({
    balances: z.array(
      z
        .object({ balance_amount: amount, balance_type: z.string(), reference_date: z.string().optional() })
        .passthrough(),
    ),
  })
  .passthrough();

export const EbTransaction = z
  .object({
    entry_reference: z.string().optional(),
    transaction_id: z.string().optional(),
    transaction_amount: amount,
    credit_debit_indicator: z.enum(["CRDT", "DBIT"]),
    status: z.string(),
    booking_date: z.string().optional(),
    value_date: z.string().optional(),
    transaction_date: z.string().optional(),
    creditor: party,
    creditor_account: accountId,
    debtor: party,
    debtor_account: accountId,
    remittance_information: z.array(z.string()).optional(),
    reference_number: z.string().optional(),
    bank_transaction_code: z
      .object({ code: z.string().optional(), sub_code: z.string().optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();
export type EbTransaction = z.infer<typeof EbTransaction>;
export const EbTransactions = z
  .object({ transactions: z.array(EbTransaction), continuation_key: z.string().nullish() })
  .passthrough();
