// A camt.053.001.08 of any size, written chunk by chunk and never held whole: the streaming test
// reads it as a bank's file of 100,000 entries would arrive (and `npm run bench -- import` can).
// Valid against the .08 XSD (camt053-schema.test.ts). Every entry has a
// party, references and remittance so the parser does its full work per entry; the amounts follow
// a formula, and the closing balance is the opening plus their exact sum, so the file reconciles.

import { NO_PAYMENT_DETAILS } from "@/lib/banking/no-payment-details";
import type { PaymentFacts, StatementEntry } from "@/lib/statements/model";

const NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08";
const ACCOUNT_IBAN = "NL91ABNA0417164300";
export const GENERATED_OPENING = "1000.00";

/** Entry `i`'s signed amount: every third one a debit, cents from the index. */
export function generatedAmount(i: number): string {
  const units = `${(i % 997) + 1}.${String(i % 100).padStart(2, "0")}`;
  return i % 3 === 0 ? `-${units}` : units;
}

function cents(amount: string): bigint {
  return BigInt(amount.replace(".", ""));
}

function money(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The closing booked balance of a generated file of `count` entries. */
export function generatedClosing(count: number): string {
  let total = cents(GENERATED_OPENING);
  for (let i = 0; i < count; i++) total += cents(generatedAmount(i));
  return money(total);
}

function day(i: number): string {
  const date = new Date(Date.UTC(2025, 0, 1 + Math.floor(i / 400)));
  return date.toISOString().slice(0, 10);
}

function balance(code: string, amount: string, date: string): string {
  const indicator = amount.startsWith("-") ? "DBIT" : "CRDT";
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount.replace("-", "")}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>\n`;
}

function entry(i: number): string {
  const amount = generatedAmount(i);
  const isDebit = amount.startsWith("-");
  const party = isDebit
    ? `<Cdtr><Pty><Nm>Supplier ${i % 50}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>DE89370400440532013${String(i % 1000).padStart(3, "0")}</IBAN></Id></CdtrAcct>`
    : `<Dbtr><Pty><Nm>Customer ${i % 70}</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>NL02ABNA0123456${String(i % 1000).padStart(3, "0")}</IBAN></Id></DbtrAcct>`;
  const family = isDebit ? "ICDT" : "RCDT";
  return `<Ntry>
  <NtryRef>E${i}</NtryRef>
  <Amt Ccy="EUR">${amount.replace("-", "")}</Amt>
  <CdtDbtInd>${isDebit ? "DBIT" : "CRDT"}</CdtDbtInd>
  <Sts><Cd>BOOK</Cd></Sts>
  <BookgDt><Dt>${day(i)}</Dt></BookgDt>
  <ValDt><Dt>${day(i)}</Dt></ValDt>
  <AcctSvcrRef>REF${String(i).padStart(10, "0")}</AcctSvcrRef>
  <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
  <NtryDtls><TxDtls>
    <Refs><EndToEndId>E2E-${i}</EndToEndId></Refs>
    <Amt Ccy="EUR">${amount.replace("-", "")}</Amt>
    <CdtDbtInd>${isDebit ? "DBIT" : "CRDT"}</CdtDbtInd>
    <RltdPties>${party}</RltdPties>
    <RmtInf><Ustrd>Invoice ${i} of ${day(i)}</Ustrd></RmtInf>
  </TxDtls></NtryDtls>
  <AddtlNtryInf>SEPA credit transfer ${i}</AddtlNtryInf>
</Ntry>
`;
}

/** The file's text in chunks of about `chunkEntries` entries each. */
export function* generatedCamt053(count: number, chunkEntries = 200): Generator<string> {
  const last = day(Math.max(0, count - 1));
  yield `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${NAMESPACE}">
<BkToCstmrStmt>
<GrpHdr><MsgId>GENERATED-${count}</MsgId><CreDtTm>2025-12-31T18:00:00+01:00</CreDtTm></GrpHdr>
<Stmt>
<Id>GENERATED-${count}-1</Id>
<CreDtTm>2025-12-31T18:00:00+01:00</CreDtTm>
<Acct><Id><IBAN>${ACCOUNT_IBAN}</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><BICFI>ABNANL2A</BICFI></FinInstnId></Svcr></Acct>
${balance("OPBD", GENERATED_OPENING, day(0))}${balance("CLBD", generatedClosing(count), last)}`;
  let chunk = "";
  for (let i = 0; i < count; i++) {
    chunk += entry(i);
    if ((i + 1) % chunkEntries === 0) {
      yield chunk;
      chunk = "";
    }
  }
  yield `${chunk}</Stmt>\n</BkToCstmrStmt>\n</Document>\n`;
}

// ——— a camt.053.001.08 of given entries (the bank's own, for a statement of the same period) ———

/**
 * One entry of a statement built from a bank's data: the fields a PSD2 transaction has, booked on a
 * date. accountServicerReference is the file's own reference for the entry (AcctSvcrRef); the
 * bank's PSD2 id is not the file's.
 */
export type FileEntry = Omit<PaymentFacts, "structuredReference" | "returnReason"> &
  Pick<StatementEntry, "valueDate" | "entryReference"> & { bookingDate: string };

/** An entry with the amount, currency and booking date given, what else is given, and nothing more. */
export function fileEntry(
  fields: Pick<FileEntry, "amount" | "currency" | "bookingDate"> & Partial<FileEntry>,
): FileEntry {
  return {
    valueDate: null,
    entryReference: null,
    accountServicerReference: null,
    ...NO_PAYMENT_DETAILS,
    ...fields,
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const el = (name: string, text: string | null) => (text === null ? "" : `<${name}>${escapeXml(text)}</${name}>`);

function transactionCodeXml(e: FileEntry): string {
  const [domain, family, sub] = e.bankTransactionCode?.split("-") ?? [];
  const domn =
    domain && family && sub
      ? `<Domn><Cd>${domain}</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>${sub}</SubFmlyCd></Fmly></Domn>`
      : "";
  const prtry = e.proprietaryBankTransactionCode ? `<Prtry>${el("Cd", e.proprietaryBankTransactionCode)}</Prtry>` : "";
  return `<BkTxCd>${domn || prtry ? `${domn}${prtry}` : "<Prtry><Cd>NTRF</Cd></Prtry>"}</BkTxCd>`;
}

function partyXml(
  role: "Cdtr" | "Dbtr",
  name: string | null,
  iban: string | null,
  ultimate: string | null,
  schemeId: string | null,
) {
  const id = schemeId
    ? `<Id><PrvtId><Othr>${el("Id", schemeId)}<SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id>`
    : "";
  const party = name || id ? `<${role}><Pty>${el("Nm", name)}${id}</Pty></${role}>` : "";
  const account = iban ? `<${role}Acct><Id>${el("IBAN", iban)}</Id></${role}Acct>` : "";
  const last = ultimate ? `<Ultmt${role}><Pty>${el("Nm", ultimate)}</Pty></Ultmt${role}>` : "";
  return { party, account, last };
}

function fileEntryXml(e: FileEntry): string {
  const isDebit = e.amount.startsWith("-");
  const amount = e.amount.replace("-", "");
  const indicator = isDebit ? "DBIT" : "CRDT";
  const debtor = partyXml("Dbtr", e.debtorName, e.debtorIban, e.ultimateDebtor, null);
  const creditor = partyXml("Cdtr", e.creditorName, e.creditorIban, e.ultimateCreditor, e.creditorId);
  // Schema order inside RltdPties: Dbtr, DbtrAcct, UltmtDbtr, Cdtr, CdtrAcct, UltmtCdtr.
  const related = [debtor.party, debtor.account, debtor.last, creditor.party, creditor.account, creditor.last].join("");
  const refs =
    e.endToEndId || e.mandateId ? `<Refs>${el("EndToEndId", e.endToEndId)}${el("MndtId", e.mandateId)}</Refs>` : "";
  const lines = (e.remittanceInformation ?? "").match(/.{1,140}/gs) ?? [];
  const remittance = lines.length > 0 ? `<RmtInf>${lines.map((l) => el("Ustrd", l)).join("")}</RmtInf>` : "";
  return `<Ntry>${el("NtryRef", e.entryReference)}<Amt Ccy="${e.currency}">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd>
<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${e.bookingDate}</Dt></BookgDt>${e.valueDate ? `<ValDt><Dt>${e.valueDate}</Dt></ValDt>` : ""}
${el("AcctSvcrRef", e.accountServicerReference)}${transactionCodeXml(e)}
<NtryDtls><TxDtls>${refs}<Amt Ccy="${e.currency}">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd>${related ? `<RltdPties>${related}</RltdPties>` : ""}${remittance}</TxDtls></NtryDtls>
</Ntry>
`;
}

function sumCents(amounts: string[]): bigint {
  return amounts.reduce((sum, a) => sum + cents(a.includes(".") ? a : `${a}.00`), 0n);
}

/** The opening + the entries' sum, exactly (the entries have at most two decimals). */
export function closingOf(opening: string, entries: FileEntry[]): string {
  return money(cents(opening) + sumCents(entries.map((e) => e.amount)));
}

/** A whole camt.053.001.08 statement of `entries` for the account, opening and closing booked balances. */
export function camt053OfEntries(input: {
  iban: string;
  currency: string;
  statementId: string;
  opening: string;
  entries: FileEntry[];
}): string {
  const days = input.entries.map((e) => e.bookingDate).sort();
  const first = days[0] ?? "2025-01-01";
  const last = days.at(-1) ?? first;
  const bal = (code: string, amount: string, date: string) =>
    balance(code, amount, date).replaceAll('Ccy="EUR"', `Ccy="${input.currency}"`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${NAMESPACE}">
<BkToCstmrStmt>
<GrpHdr><MsgId>${escapeXml(input.statementId)}</MsgId><CreDtTm>${last}T18:00:00+01:00</CreDtTm></GrpHdr>
<Stmt>
<Id>${escapeXml(input.statementId)}</Id>
<CreDtTm>${last}T18:00:00+01:00</CreDtTm>
<Acct><Id><IBAN>${input.iban}</IBAN></Id><Ccy>${input.currency}</Ccy></Acct>
${bal("OPBD", input.opening, first)}${bal("CLBD", closingOf(input.opening, input.entries), last)}${input.entries.map(fileEntryXml).join("")}</Stmt>
</BkToCstmrStmt>
</Document>
`;
}
