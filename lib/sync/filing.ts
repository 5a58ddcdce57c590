// Filing a page's new rows as the upsert inserts them (lib/sync/upsert.ts): the scope's rules and the
// counterpart's default category worked out here, on the values the sync is about to write
// (lib/rules/evaluate.ts), and sent with the rows as one array a column. A row is filed when its
// counterpart is known, or when it names no party at all (no counterpart will ever come); the others
// wait for the counterparts step and the rules pass after it (lib/sync/page-write.ts).
import type { CounterpartFacts, Filing, RowFacts, RuleEvaluator } from "@/lib/rules/evaluate";
import type { ParsedRule } from "@/lib/rules/parse";
import { COLUMNS } from "@/lib/sync/bank-columns";

/** A page party's counterpart, as the upsert's resolution found it. */
export type PartyFacts = { cp: string | null; keyless: boolean; counterpart: CounterpartFacts | null };

const at = (column: string) => COLUMNS.findIndex(([c]) => c === column);
const I = {
  amount: at("amount"),
  currency: at("currency"),
  creditorId: at("creditor_id"),
  mandateId: at("mandate_id"),
  code: at("bank_transaction_code"),
  proprietary: at("proprietary_bank_transaction_code"),
  remittance: at("remittance_information"),
  names: ["creditor_name", "debtor_name", "ultimate_creditor", "ultimate_debtor"].map(at),
};

function factsOf(accountId: string, v: readonly (string | null)[]): RowFacts {
  return {
    accountId,
    amount: v[I.amount] ?? "0",
    currency: v[I.currency] ?? "",
    creditorId: v[I.creditorId],
    mandateId: v[I.mandateId],
    bankTransactionCode: v[I.code],
    proprietaryBankTransactionCode: v[I.proprietary],
    remittance: v[I.remittance],
    names: I.names.map((i) => v[i]),
  };
}

// A PostgreSQL array literal of the tags, each element quoted: a tag is one word, but may hold a
// quote, a brace or a backslash.
const arrayLiteral = (items: readonly string[]) =>
  `{${items.map((t) => `"${t.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/**
 * What the upsert writes of new rows beyond the bank's columns: each row's filing as an ordinal (1-based)
 * into the page's distinct filings, or null for a row left to the rules pass; and those filings, one
 * array a column. A page of 1,000 rows is filed a few dozen ways, so this is what crosses the wire.
 */
export type FilingColumns = {
  filing: (number | null)[];
  categoryId: (string | null)[];
  categorySource: (string | null)[];
  categoryRuleId: (string | null)[];
  tags: string[];
  note: (string | null)[];
  transferOverride: (boolean | null)[];
  boundCounterpartId: (string | null)[];
};

/**
 * The filing of each row (`values` in COLUMNS order, `party` its party's facts), or none for rows left
 * to the rules pass. `failed`: the rules whose tests threw on some row, left out from then on.
 */
export function fileRows(
  accountId: string,
  values: readonly (readonly (string | null)[])[],
  party: (row: number) => PartyFacts,
  rules: RuleEvaluator | undefined,
): { columns: FilingColumns; failed: ParsedRule[] } {
  const failed = new Set<ParsedRule>();
  const pass = () => {
    const columns: FilingColumns = {
      filing: [],
      categoryId: [],
      categorySource: [],
      categoryRuleId: [],
      tags: [],
      note: [],
      transferOverride: [],
      boundCounterpartId: [],
    };
    // The evaluator gives rows filed alike the same object: each is sent once.
    const ordinals = new Map<Filing, number>();
    values.forEach((v, row) => {
      const facts = party(row);
      const filing: Filing | null =
        rules && (facts.cp !== null || facts.keyless)
          ? rules.file(factsOf(accountId, v), facts.counterpart, failed)
          : null;
      if (filing === null) {
        columns.filing.push(null);
        return;
      }
      let ordinal = ordinals.get(filing);
      if (ordinal === undefined) {
        ordinal = ordinals.size + 1;
        ordinals.set(filing, ordinal);
        columns.categoryId.push(filing.categoryId);
        columns.categorySource.push(filing.categorySource);
        columns.categoryRuleId.push(filing.categoryRuleId);
        columns.tags.push(arrayLiteral(filing.tags));
        columns.note.push(filing.note);
        columns.transferOverride.push(filing.transferOverride);
        columns.boundCounterpartId.push(filing.boundCounterpartId);
      }
      columns.filing.push(ordinal);
    });
    return columns;
  };
  // A rule that failed on some row is left out of the whole page, as the SQL leaves it out: the page
  // is filed again without it (rules are few, so this ends).
  let columns: FilingColumns;
  let before: number;
  do {
    before = failed.size;
    columns = pass();
  } while (failed.size !== before);
  return { columns, failed: [...failed] };
}
