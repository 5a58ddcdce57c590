// camt.053 subtrees → the neutral model: one `Ntry` (with its `TxDtls`), one `Bal`, the `Acct`.
// The three versions read here (.001.02, .04, .08) differ in a few wrappers only (`Sts` vs
// `Sts/Cd`, `Cdtr/Nm` vs `Cdtr/Pty/Nm`, `BIC` vs `BICFI`), so one mapper tries both spellings.
// Amounts keep the file's digits (canonicalised); the sign comes from CdtDbtInd.

import { canonicalDecimal, negateDecimal } from "./decimal-text";
import { StatementFileError } from "./errors";
import type {
  BerlinGroupBalanceType,
  PaymentFacts,
  StatementAccount,
  StatementBalance,
  StatementEntry,
  StatementEntryDetail,
  StatementOrigin,
} from "./model";
import { type XmlNode, childrenOf, nodeAt, textAt } from "./xml-subtrees";
import { ISO_BALANCE_TYPES } from "@/lib/banking/balance";

// ISO 20022 ActiveOrHistoricCurrencyAndAmount: non-negative, at most 18 digits, 5 after the point.
const AMOUNT = /^\d+(\.\d+)?$/;
const CURRENCY = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}/;

// ISO 20022's balance codes in the Berlin Group's names (one table, lib/banking/balance.ts); a file's
// balance has one of the statement model's types, or none (CLAV, INFO, …: not kept as a balance).
const STATEMENT_BALANCE_TYPES: readonly string[] = [
  "closingBooked",
  "openingBooked",
  "interimBooked",
  "interimAvailable",
  "forwardAvailable",
  "expected",
] satisfies BerlinGroupBalanceType[];
const balanceTypeOf = (code: string): BerlinGroupBalanceType | null => {
  const type = ISO_BALANCE_TYPES[code];
  return type !== undefined && STATEMENT_BALANCE_TYPES.includes(type) ? (type as BerlinGroupBalanceType) : null;
};

const STATUSES: Record<string, StatementEntry["status"]> = {
  BOOK: "booked",
  PDNG: "pending",
  INFO: "pending",
  FUTR: "pending",
};

/** A place inside the file for messages: `Ntry 12` and the element's own line. */
type Place = { label: string; node: XmlNode };

function refuse(place: Place, element: string, reason: string, node?: XmlNode): never {
  const at = node ?? place.node;
  throw new StatementFileError(reason, { line: at.line, column: at.column, element: `${place.label}: ${element}` });
}

/** `Amt` (or the node at `path`) → signed canonical amount and currency. */
export function amountOf(
  place: Place,
  parent: XmlNode,
  path: string,
  indicator: string | null,
): { amount: string; currency: string } {
  const node = nodeAt(parent, path);
  if (!node) refuse(place, path, "is missing");
  const currency = node.attributes.Ccy;
  if (!currency) refuse(place, path, "has no Ccy", node);
  if (!CURRENCY.test(currency)) refuse(place, path, `has Ccy ${JSON.stringify(currency)}, not a currency code`, node);
  const text = node.text.trim();
  const digits = AMOUNT.test(text) ? text.replace(".", "").replace(/^0+/, "") : null;
  const fraction = text.split(".")[1] ?? "";
  const amount =
    digits !== null && digits.length <= 18 && fraction.length <= 5
      ? canonicalDecimal(text, { decimal: ".", thousands: null })
      : null;
  if (amount === null) refuse(place, path, `is not a decimal amount: ${JSON.stringify(text)}`, node);
  if (indicator !== "CRDT" && indicator !== "DBIT")
    refuse(place, "CdtDbtInd", `is ${JSON.stringify(indicator)}, not CRDT or DBIT`);
  return { amount: indicator === "DBIT" ? negateDecimal(amount) : amount, currency };
}

/** `Dt` or `DtTm` under `parent/path` → the date as written (an instant's local date part). */
function dateOf(place: Place, parent: XmlNode, path: string, isRequired: boolean): string | null {
  const text = textAt(parent, `${path}/Dt`) ?? textAt(parent, `${path}/DtTm`);
  if (text === null) {
    if (isRequired) refuse(place, path, "has no Dt or DtTm");
    return null;
  }
  if (!DATE.test(text)) refuse(place, path, `is not a date: ${JSON.stringify(text)}`, nodeAt(parent, path));
  return text.slice(0, 10);
}

export function accountOf(acct: XmlNode): StatementAccount {
  return {
    iban: textAt(acct, "Id/IBAN"),
    otherId: textAt(acct, "Id/Othr/Id"),
    currency: textAt(acct, "Ccy"),
    ownerName: textAt(acct, "Ownr/Nm") ?? textAt(acct, "Nm"),
    servicerBic: textAt(acct, "Svcr/FinInstnId/BICFI") ?? textAt(acct, "Svcr/FinInstnId/BIC"),
    servicerName: textAt(acct, "Svcr/FinInstnId/Nm"),
  };
}

export function balanceOf(bal: XmlNode, label: string, path: string): StatementBalance {
  const place = { label, node: bal };
  const code = textAt(bal, "Tp/CdOrPrtry/Cd") ?? textAt(bal, "Tp/CdOrPrtry/Prtry");
  if (!code) refuse(place, "Tp/CdOrPrtry", "has no Cd or Prtry");
  const { amount, currency } = amountOf(place, bal, "Amt", textAt(bal, "CdtDbtInd"));
  const referenceDate = dateOf(place, bal, "Dt", true) ?? "";
  const origin = { line: bal.line, ordinal: null, path };
  return { code, balanceType: balanceTypeOf(code), referenceDate, amount, currency, origin };
}

/** v08 wraps a party in `Pty` (or `Agt`); earlier versions put `Nm` straight under it. */
function partyName(related: XmlNode | undefined, role: string): string | null {
  return textAt(related, `${role}/Pty/Nm`) ?? textAt(related, `${role}/Nm`);
}

function creditorSchemeId(related: XmlNode | undefined): string | null {
  for (const base of ["Cdtr/Pty/Id/PrvtId/Othr", "Cdtr/Id/PrvtId/Othr"]) {
    const scheme = textAt(related, `${base}/SchmeNm/Prtry`);
    const id = textAt(related, `${base}/Id`);
    if (id && (!scheme || scheme === "SEPA")) return id;
  }
  return null;
}

function transactionCode(parent: XmlNode): {
  bankTransactionCode: string | null;
  proprietaryBankTransactionCode: string | null;
} {
  const domain = textAt(parent, "BkTxCd/Domn/Cd");
  const family = textAt(parent, "BkTxCd/Domn/Fmly/Cd");
  const subFamily = textAt(parent, "BkTxCd/Domn/Fmly/SubFmlyCd");
  return {
    bankTransactionCode: domain && family && subFamily ? `${domain}-${family}-${subFamily}` : null,
    proprietaryBankTransactionCode: textAt(parent, "BkTxCd/Prtry/Cd"),
  };
}

function remittance(tx: XmlNode): string | null {
  const lines = childrenOf(nodeAt(tx, "RmtInf"), "Ustrd").map((u) => u.text.replace(/\s+/g, " ").trim());
  const joined = lines.filter(Boolean).join(" ");
  return joined || null;
}

/** What one TxDtls says about the payment, amount aside. */
function detailFacts(tx: XmlNode): Omit<PaymentFacts, "amount" | "currency"> {
  const related = nodeAt(tx, "RltdPties");
  const endToEndId = textAt(tx, "Refs/EndToEndId");
  const code = transactionCode(tx);
  return {
    accountServicerReference: textAt(tx, "Refs/AcctSvcrRef"),
    endToEndId: endToEndId === "NOTPROVIDED" ? null : endToEndId,
    mandateId: textAt(tx, "Refs/MndtId"),
    creditorId: creditorSchemeId(related),
    creditorName: partyName(related, "Cdtr"),
    creditorIban: textAt(related, "CdtrAcct/Id/IBAN"),
    ultimateCreditor: partyName(related, "UltmtCdtr"),
    debtorName: partyName(related, "Dbtr"),
    debtorIban: textAt(related, "DbtrAcct/Id/IBAN"),
    ultimateDebtor: partyName(related, "UltmtDbtr"),
    remittanceInformation: remittance(tx),
    structuredReference: textAt(tx, "RmtInf/Strd/CdtrRefInf/Ref"),
    bankTransactionCode: code.bankTransactionCode,
    proprietaryBankTransactionCode: code.proprietaryBankTransactionCode,
    returnReason: textAt(tx, "RtrInf/Rsn/Cd") ?? textAt(tx, "RtrInf/Rsn/Prtry"),
  };
}

function detailOf(
  place: Place,
  tx: XmlNode,
  entryAmount: { amount: string; currency: string },
  indicator: string | null,
  origin: StatementOrigin,
): StatementEntryDetail {
  const own = nodeAt(tx, "Amt") ? "Amt" : nodeAt(tx, "AmtDtls/TxAmt/Amt") ? "AmtDtls/TxAmt/Amt" : null;
  const txIndicator = textAt(tx, "CdtDbtInd") ?? indicator;
  const txPlace = { label: `${place.label} TxDtls`, node: tx };
  const amount = own ? amountOf(txPlace, tx, own, txIndicator) : entryAmount;
  return { ...detailFacts(tx), ...amount, isAmountInherited: own === null, origin };
}

export function entryOf(ntry: XmlNode, ordinal: number, path: string): StatementEntry {
  const place = { label: `Ntry ${ordinal}`, node: ntry };
  const indicator = textAt(ntry, "CdtDbtInd");
  const money = amountOf(place, ntry, "Amt", indicator);
  const statusCode = textAt(ntry, "Sts/Cd") ?? textAt(ntry, "Sts/Prtry") ?? textAt(ntry, "Sts");
  if (!statusCode) refuse(place, "Sts", "is missing");
  const status = STATUSES[statusCode];
  if (!status) refuse(place, "Sts", `is ${JSON.stringify(statusCode)}, not BOOK, PDNG, INFO or FUTR`);
  const txs = childrenOf(ntry, "NtryDtls").flatMap((d) => childrenOf(d, "TxDtls"));
  const isBatch = txs.length > 1 || childrenOf(ntry, "NtryDtls").some((d) => childrenOf(d, "Btch").length > 0);
  const details = txs.map((tx, i) =>
    detailOf(place, tx, money, indicator, { line: tx.line, ordinal, path: `${path}/NtryDtls/TxDtls[${i + 1}]` }),
  );
  const single = txs.length === 1 ? details[0] : null;
  const facts = txs.length === 1 && txs[0] ? detailFacts(txs[0]) : detailFacts(ntry);
  const code = transactionCode(ntry);
  return {
    ...facts,
    ...money,
    accountServicerReference: textAt(ntry, "AcctSvcrRef") ?? single?.accountServicerReference ?? null,
    bankTransactionCode: code.bankTransactionCode ?? single?.bankTransactionCode ?? null,
    proprietaryBankTransactionCode:
      code.proprietaryBankTransactionCode ?? single?.proprietaryBankTransactionCode ?? null,
    status,
    bookingDate: dateOf(place, ntry, "BookgDt", false),
    valueDate: dateOf(place, ntry, "ValDt", false),
    entryReference: textAt(ntry, "NtryRef"),
    isReversal: textAt(ntry, "RvslInd") === "true",
    additionalInformation: textAt(ntry, "AddtlNtryInf") ?? (single && txs[0] ? textAt(txs[0], "AddtlTxInf") : null),
    details: isBatch ? details : [],
    origin: { line: ntry.line, ordinal, path },
  };
}
