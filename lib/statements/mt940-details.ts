// MT940 field :86: (information to the account owner) → the model's parties, references and
// remittance. Three shapes are read: the German structured form (a 3-digit GVC, then `?nn`
// subfields: ?00 booking text, ?20–?29 and ?60–?63 purpose with SEPA keywords EREF+/MREF+/CRED+/
// SVWZ+…, ?30 BIC, ?31 IBAN, ?32/?33 name, ?34 return reason), the Dutch slash-keyword form
// (/TRTP/…/IBAN/…/NAME/…/REMI/…/EREF/…, with ING's /CNTP/ and Rabobank's /ORDP/ /BENM/ groups),
// and free text. Banks wrap the field at fixed widths, mid-word, so its lines arrive joined as is.

import { EMPTY_FACTS, type PaymentFacts } from "./model";

export type Mt940Details = Omit<PaymentFacts, "amount" | "currency" | "bankTransactionCode"> & {
  additionalInformation: string | null;
  /** The counterpart as the field names it; the caller puts it on the creditor or debtor side. */
  counterpartName: string | null;
  counterpartIban: string | null;
};

// Purpose and name subfields are 27 characters; a full one was cut at the width, a shorter one
// ended where the bank ended a word.
const SUBFIELD_WIDTH = 27;

function joinPieces(pieces: string[]): string | null {
  let text = "";
  pieces.forEach((piece, i) => {
    const previous = pieces[i - 1];
    text += i > 0 && previous !== undefined && previous.length < SUBFIELD_WIDTH ? ` ${piece}` : piece;
  });
  return text.replace(/\s+/g, " ").trim() || null;
}

const SEPA_KEYWORDS = [
  "EREF",
  "KREF",
  "MREF",
  "CRED",
  "DEBT",
  "SVWZ",
  "ABWA",
  "ABWE",
  "OAMT",
  "COAM",
  "BREF",
  "RREF",
  "IBAN",
  "BIC",
];

/**
 * SEPA keywords (`EREF+…`) in the German purpose text, each up to the next keyword; `MTLG:` (a
 * bank's own message, seen in German test data) ends a value too.
 */
function sepaKeywords(purpose: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = new RegExp(`(?<![A-Za-z])(?:(${SEPA_KEYWORDS.join("|")})\\+|(MTLG):)`, "g");
  const marks = [...purpose.matchAll(pattern)].map((m) => ({
    key: m[1] ?? m[2] ?? "",
    start: m.index + m[0].length,
    at: m.index,
  }));
  marks.forEach((mark, i) => {
    const end = marks[i + 1]?.at ?? purpose.length;
    const value = purpose.slice(mark.start, end).trim();
    if (!found.has(mark.key)) found.set(mark.key, value);
  });
  return found;
}

function meaningful(reference: string | null | undefined): string | null {
  return reference && !/^(NOTPROVIDED|NONREF)$/i.test(reference) ? reference : null;
}

function german(text: string): Mt940Details {
  const code = text.slice(0, 3);
  const separator = text[3] ?? "?";
  const fields = new Map<string, string[]>();
  for (const part of text.slice(4).split(separator)) {
    const key = part.slice(0, 2);
    if (!/^\d{2}$/.test(key)) continue;
    fields.set(key, [...(fields.get(key) ?? []), part.slice(2)]);
  }
  const pick = (keys: string[]) => keys.flatMap((k) => fields.get(k) ?? []);
  const purposeKeys = ["20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "60", "61", "62", "63"];
  const purpose = joinPieces(pick(purposeKeys)) ?? "";
  const sepa = sepaKeywords(purpose);
  const svwz = sepa.get("SVWZ");
  return {
    ...EMPTY_FACTS,
    endToEndId: meaningful(sepa.get("EREF")),
    mandateId: sepa.get("MREF") ?? null,
    creditorId: sepa.get("CRED") ?? null,
    ultimateDebtor: sepa.get("ABWA") ?? null,
    ultimateCreditor: sepa.get("ABWE") ?? null,
    remittanceInformation: sepa.size > 0 ? (svwz ?? sepa.get("MTLG") ?? null) : purpose || null,
    proprietaryBankTransactionCode: code,
    returnReason: joinPieces(pick(["34"])),
    additionalInformation: joinPieces(pick(["00"])),
    counterpartName: joinPieces(pick(["32", "33"])),
    counterpartIban: joinPieces(pick(["31"])),
    accountServicerReference: null,
  };
}

const DUTCH_KEYS = [
  "TRTP",
  "IBAN",
  "BIC",
  "NAME",
  "REMI",
  "EREF",
  "MARF",
  "CSID",
  "CNTP",
  "PREF",
  "RTRN",
  "ORDP",
  "BENM",
  "ADDR",
  "ISDT",
  "ULTC",
  "ULTD",
  "ULTB",
  "PURP",
  "SUM",
  "FEES",
  "CHGS",
  "OCMT",
  "BUSP",
  "TRCD",
  "CDTRREF",
  "CDTRREFTP",
];

function dutchFields(text: string): Map<string, string> {
  const pattern = new RegExp(`/(${DUTCH_KEYS.join("|")})/`, "g");
  const marks = [...text.matchAll(pattern)].map((m) => ({
    key: m[1] ?? "",
    at: m.index,
    start: m.index + m[0].length,
  }));
  const fields = new Map<string, string>();
  marks.forEach((mark, i) => {
    const value = text.slice(mark.start, marks[i + 1]?.at ?? text.length);
    if (!fields.has(mark.key)) fields.set(mark.key, value);
  });
  return fields;
}

function clean(value: string | undefined): string | null {
  const text = value?.replace(/\/+$/, "").replace(/\s+/g, " ").trim();
  return text ? text : null;
}

function dutch(text: string): Mt940Details {
  const fields = dutchFields(text);
  // ING: /CNTP/IBAN/BIC/name/city/; REMI: USTD//text/ or STRD/CUR/reference/.
  const counterpart = fields.get("CNTP")?.split("/");
  const remi = fields.get("REMI") ?? "";
  const structured = /^STRD\/[^/]*\/([^/]+)/.exec(remi)?.[1] ?? null;
  const unstructured = structured ? null : clean(remi.replace(/^USTD\/\//, ""));
  return {
    ...EMPTY_FACTS,
    endToEndId: meaningful(clean(fields.get("EREF"))),
    mandateId: clean(fields.get("MARF")),
    creditorId: clean(fields.get("CSID")),
    ultimateCreditor: clean(fields.get("ULTC") ?? fields.get("ULTB")),
    ultimateDebtor: clean(fields.get("ULTD")),
    remittanceInformation: unstructured,
    structuredReference: structured,
    proprietaryBankTransactionCode: null,
    returnReason: clean(fields.get("RTRN")),
    additionalInformation: clean(fields.get("TRTP")),
    counterpartName: clean(counterpart?.[2]) ?? clean(fields.get("NAME")),
    counterpartIban: clean(counterpart?.[0]) ?? clean(fields.get("IBAN")),
  };
}

/** The :86: text (its lines joined as they came) read in whichever shape it has. */
export function readMt940Details(text: string): Mt940Details {
  if (/^\d{3}[^\w\s]\d{2}/.test(text)) return german(text);
  if (/^\/(TRTP|EREF|PREF|RTRN|CNTP|ORDP|BENM|REMI|MARF|CSID|NAME|IBAN)\//.test(text)) return dutch(text);
  const free = text.replace(/\s+/g, " ").trim() || null;
  return {
    ...EMPTY_FACTS,
    remittanceInformation: free,
    additionalInformation: null,
    counterpartName: null,
    counterpartIban: null,
  };
}
