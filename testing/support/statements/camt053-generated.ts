// A camt.053.001.08 of any size, written chunk by chunk and never held whole: the streaming test
// reads it as a bank's file of 100,000 entries would arrive (and `npm run bench -- import` can).
// Valid against the .08 XSD (camt053-schema.test.ts). Every entry has a
// party, references and remittance so the parser does its full work per entry; the amounts follow
// a formula, and the closing balance is the opening plus their exact sum, so the file reconciles.

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
