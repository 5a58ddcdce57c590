// MT940 (SWIFT customer statement) → the neutral model. One statement per message (`:20:`); a
// statement split over several messages stays several statements, each from its :60M: to its
// :62M:, as the bank sent them. Read: :20: :25: :28C: :60F/M: :61: :86: :62F/M: :64: :65:.
// Dates: YYMMDD is 20YY; the :61: entry date (MMDD) takes the value date's year, moved by one
// where that puts it more than half a year away (a booking on 2 January for a value of 31 Dec).

import { canonicalDecimal, negateDecimal } from "./decimal-text";
import { StatementFileError } from "./errors";
import { readMt940Details } from "./mt940-details";
import { type Mt940Field, mt940Messages } from "./mt940-fields";
import type { BerlinGroupBalanceType, Statement, StatementAccount, StatementBalance, StatementEntry } from "./model";

const BALANCE_TYPES: Record<string, BerlinGroupBalanceType | null> = {
  "60F": "openingBooked",
  "60M": "interimBooked",
  "62F": "closingBooked",
  "62M": "interimBooked",
  "64": null,
  "65": "forwardAvailable",
};

// value date, entry date, mark (reversals first), funds code, amount, type, reference, bank ref.
const LINE_61 = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d+,\d*)\s?([NSF][A-Z0-9]{3})(.*?)(?:\/\/(.*))?$/;
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d+,\d*)$/;
// "No reference", or a pointer to where the reference is (ING's EREF/PREF, a German KREF+).
const PLACEHOLDER_REFERENCE = /^(|NONREF|EREF|PREF|MARF|KREF\+?)$/;
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  DE: 22,
  ES: 24,
  FR: 27,
  GB: 22,
  IE: 22,
  IT: 27,
  LU: 20,
  NL: 18,
  PL: 28,
};

function date(place: Mt940Field, yymmdd: string): string {
  const text = `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const parsed = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) {
    throw new StatementFileError(`has an impossible date ${yymmdd}`, { line: place.line, element: `:${place.tag}:` });
  }
  return text;
}

/** The entry date MMDD in the year that puts it nearest the value date. */
export function entryDate(valueDate: string, mmdd: string): string {
  const year = Number(valueDate.slice(0, 4));
  const candidates = [year - 1, year, year + 1].map((y) => `${y}-${mmdd.slice(0, 2)}-${mmdd.slice(2, 4)}`);
  const distance = (d: string) => Math.abs(Date.parse(`${d}T00:00:00Z`) - Date.parse(`${valueDate}T00:00:00Z`));
  return candidates.reduce((best, c) => (distance(c) < distance(best) ? c : best));
}

function amount(place: Mt940Field, text: string): string {
  const value = canonicalDecimal(text, { decimal: ",", thousands: null });
  if (value === null)
    throw new StatementFileError(`has an amount that is not a decimal: ${JSON.stringify(text)}`, {
      line: place.line,
      element: `:${place.tag}:`,
    });
  return value;
}

function balanceOf(field: Mt940Field, path: string): StatementBalance {
  const text = field.lines.join("").trim();
  const parts = BALANCE.exec(text);
  if (!parts)
    throw new StatementFileError(`is not a balance (C/D, YYMMDD, currency, amount): ${JSON.stringify(text)}`, {
      line: field.line,
      element: `:${field.tag}:`,
    });
  const [, mark, yymmdd = "", currency = "", digits = ""] = parts;
  const value = amount(field, digits);
  return {
    code: field.tag,
    balanceType: BALANCE_TYPES[field.tag] ?? null,
    referenceDate: date(field, yymmdd),
    amount: mark === "D" ? negateDecimal(value) : value,
    currency,
    origin: { line: field.line, ordinal: null, path },
  };
}

function accountOf(field: Mt940Field | undefined): StatementAccount {
  const text = field?.lines.join("").trim() ?? "";
  const country = text.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  let iban: string | null = null;
  let currency: string | null = null;
  if (/^[A-Z]{2}\d{2}[A-Z0-9]/.test(text)) {
    const found = length
      ? new RegExp(`^([A-Z0-9]{${length}})\\s?([A-Z]{3})?$`).exec(text)
      : /^([A-Z0-9]{15,34}?)\s?([A-Z]{3})?$/.exec(text);
    iban = found?.[1] ?? null;
    currency = found?.[2] ?? null;
  }
  return {
    iban,
    otherId: iban ? null : text || null,
    currency,
    ownerName: null,
    servicerBic: null,
    servicerName: null,
  };
}

function entryOf(
  field: Mt940Field,
  info: Mt940Field | undefined,
  currency: string,
  ordinal: number,
  path: string,
): StatementEntry {
  const [first = "", ...rest] = field.lines;
  const parts = LINE_61.exec(first.trim());
  if (!parts)
    throw new StatementFileError(
      `is not a statement line (date, C/D/RC/RD, amount, type, reference): ${JSON.stringify(first)}`,
      { line: field.line, element: ":61:" },
    );
  const [, yymmdd = "", mmdd, mark = "", , digits = "", type = "", reference = "", bankReference] = parts;
  const valueDate = date(field, yymmdd);
  let bankRef = bankReference ?? null;
  const more = [...rest];
  // ING wraps the bank reference onto the next line; a reference has at most 16 characters.
  while (bankRef !== null && more[0] && !more[0].startsWith("/") && (bankRef + more[0]).length <= 16)
    bankRef += more.shift();
  const supplementary = more.join("").trim() || null;
  const value = amount(field, digits);
  // C and RD (reversal of a debit) bring money in; D and RC take it out.
  const signed = mark === "D" || mark === "RC" ? negateDecimal(value) : value;
  const details = readMt940Details(info ? info.lines.join("") : "");
  const supplementaryIban =
    supplementary && /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(supplementary) ? supplementary : null;
  const counterpartIban = details.counterpartIban ?? supplementaryIban;
  const isIncoming = !signed.startsWith("-");
  const { counterpartName, counterpartIban: _iban, additionalInformation, ...facts } = details;
  return {
    ...facts,
    amount: signed,
    currency,
    creditorName: isIncoming ? null : counterpartName,
    creditorIban: isIncoming ? null : counterpartIban,
    debtorName: isIncoming ? counterpartName : null,
    debtorIban: isIncoming ? counterpartIban : null,
    accountServicerReference: PLACEHOLDER_REFERENCE.test(bankRef?.trim() ?? "") ? null : (bankRef?.trim() ?? null),
    bankTransactionCode: null,
    proprietaryBankTransactionCode: facts.proprietaryBankTransactionCode ?? type,
    status: "booked",
    bookingDate: mmdd ? entryDate(valueDate, mmdd) : valueDate,
    valueDate,
    entryReference: PLACEHOLDER_REFERENCE.test(reference.trim()) ? null : reference.trim(),
    isReversal: mark.startsWith("R"),
    additionalInformation: additionalInformation ?? (supplementaryIban ? null : supplementary),
    details: [],
    origin: { line: field.line, ordinal, path },
  };
}

/** Every statement in an MT940 file (text, or bytes: UTF-8, else Windows-1252). */
export function parseMt940(input: string | Uint8Array): Statement[] {
  const text = typeof input === "string" ? input : decode(input);
  const messages = mt940Messages(text);
  if (messages.length === 0) throw new StatementFileError("has no MT940 statement (no :20: field)");
  let ordinal = 0;
  return messages.map((message, m) => {
    const index = m + 1;
    const first = message.fields[0];
    if (first?.tag !== "20")
      throw new StatementFileError(`comes before any :20: (a statement starts with its reference)`, {
        line: first?.line,
        element: first?.tag === "?" ? "text" : `:${first?.tag}:`,
      });
    const statement: Statement = {
      format: "mt940",
      version: "MT940",
      statementId: first.lines.join("").trim() || null,
      sequenceNumber: null,
      account: accountOf(message.fields.find((f) => f.tag === "25")),
      balances: [],
      entries: [],
      origin: { line: message.line, ordinal: index, path: `statement ${index}` },
    };
    let currency: string | null = null;
    let isOpened = false;
    let isClosed = false;
    message.fields.forEach((field, f) => {
      const where = { line: field.line, element: `:${field.tag}:` };
      if (field.tag === "28C") statement.sequenceNumber = field.lines.join("").trim();
      else if (field.tag === "60F" || field.tag === "60M") {
        const balance = balanceOf(field, `statement ${index} :${field.tag}:`);
        statement.balances.push(balance);
        currency = balance.currency;
        isOpened = true;
      } else if (field.tag === "61") {
        if (!isOpened || currency === null)
          throw new StatementFileError("comes before the opening balance :60F:/:60M:", where);
        if (isClosed) throw new StatementFileError("comes after the closing balance :62F:/:62M:", where);
        const next = message.fields[f + 1];
        const path = `statement ${index} :61: ${statement.entries.length + 1}`;
        statement.entries.push(entryOf(field, next?.tag === "86" ? next : undefined, currency, ++ordinal, path));
      } else if (["62F", "62M", "64", "65"].includes(field.tag)) {
        if (!isOpened) throw new StatementFileError("comes before the opening balance :60F:/:60M:", where);
        statement.balances.push(balanceOf(field, `statement ${index} :${field.tag}:`));
        isClosed ||= field.tag.startsWith("62");
      } else if (field.tag === "?") {
        throw new StatementFileError(`is not inside a field: ${JSON.stringify(field.lines[0])}`, { line: field.line });
      }
    });
    if (!isOpened)
      throw new StatementFileError("has no opening balance :60F:/:60M:", {
        line: message.line,
        element: `statement ${index}`,
      });
    if (!isClosed)
      throw new StatementFileError("has no closing balance :62F:/:62M:", {
        line: message.line,
        element: `statement ${index}`,
      });
    if (!statement.account.currency) statement.account.currency = currency;
    return statement;
  });
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // German banks' MT940 is often Latin-1; Windows-1252 is its superset as browsers decode it.
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
