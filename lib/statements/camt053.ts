// camt.053 (Bank-to-Customer Statement) versions .001.02, .001.04 and .001.08, read as a stream:
// each `Stmt`'s header (account, balances) is yielded once, before its first entry, then the
// entries one by one, so a file of 100,000 entries is read in bounded memory. Besides
// well-formedness (saxes) the reader checks the structure the mapping relies on: the root and its
// namespace, the order and presence of a `Stmt`'s and an `Ntry`'s children as the schema lists
// them, and every amount, currency, indicator, status and date it reads. Full XSD validation is
// camt053-schema.ts (whole file in memory, so only up to a size; docs/statements.md).

import { StatementFileError } from "./errors";
import { accountOf, balanceOf, entryOf } from "./camt053-entry";
import type { StatementBalance, StatementHeader, StatementItem } from "./model";
import { type ByteChunks, type XmlNode, chunksOf, textAt, xmlEvents } from "./xml-subtrees";

export const CAMT053_VERSIONS = ["camt.053.001.02", "camt.053.001.04", "camt.053.001.08"] as const;
export type Camt053Version = (typeof CAMT053_VERSIONS)[number];

const NAMESPACE_PREFIX = "urn:iso:std:iso:20022:tech:xsd:";

// A Stmt's and an Ntry's children in schema order (the union of the three versions; each
// version's sequence is this order with some left out). Required ones are marked.
const STMT_CHILDREN = [
  "Id",
  "StmtPgntn",
  "ElctrncSeqNb",
  "RptgSeq",
  "LglSeqNb",
  "CreDtTm",
  "FrToDt",
  "CpyDplctInd",
  "RptgSrc",
  "Acct",
  "RltdAcct",
  "Intrst",
  "Bal",
  "TxsSummry",
  "Ntry",
  "AddtlStmtInf",
];
const STMT_REQUIRED = ["Id", "Acct", "Bal"];
const NTRY_CHILDREN = [
  "NtryRef",
  "Amt",
  "CdtDbtInd",
  "RvslInd",
  "Sts",
  "BookgDt",
  "ValDt",
  "AcctSvcrRef",
  "Avlbty",
  "BkTxCd",
  "ComssnWvrInd",
  "AddtlInfInd",
  "AmtDtls",
  "Chrgs",
  "TechInptChanl",
  "Intrst",
  "CardTx",
  "NtryDtls",
  "AddtlNtryInf",
];
const NTRY_REQUIRED = ["Amt", "CdtDbtInd", "Sts", "BkTxCd"];

/** The version a root namespace names, or a refusal that names the namespace. */
export function camt053Version(namespace: string): Camt053Version {
  const version = namespace.startsWith(NAMESPACE_PREFIX) ? namespace.slice(NAMESPACE_PREFIX.length) : "";
  if ((CAMT053_VERSIONS as readonly string[]).includes(version)) return version as Camt053Version;
  throw new StatementFileError(
    `Document has namespace ${JSON.stringify(namespace)}, not one of the camt.053 versions read here (${CAMT053_VERSIONS.join(", ")})`,
    { line: 1 },
  );
}

/** Children present in schema order, required ones there; `label` names the parent in messages. */
function checkChildren(parent: XmlNode, label: string, order: string[], required: string[]): void {
  let last = -1;
  for (const child of parent.children) {
    const index = order.indexOf(child.name);
    const where = { line: child.line, column: child.column, element: `${label}: ${child.name}` };
    if (index < 0) throw new StatementFileError(`is not an element of ${parent.name}`, where);
    if (index < last) throw new StatementFileError(`is out of order (after ${order[last]})`, where);
    last = index;
  }
  for (const name of required) {
    if (!parent.children.some((c) => c.name === name)) {
      throw new StatementFileError(`has no ${name}`, { line: parent.line, column: parent.column, element: label });
    }
  }
}

type OpenStatement = { index: number; line: number; nodes: XmlNode[]; isEmitted: boolean; entries: number };

function headerOf(statement: OpenStatement, version: Camt053Version): StatementHeader {
  const shell: XmlNode = {
    name: "Stmt",
    attributes: {},
    text: "",
    children: statement.nodes.filter((n) => n.name !== "Ntry"),
    line: statement.line,
    column: 0,
  };
  const label = `Stmt ${statement.index}`;
  checkChildren(shell, label, STMT_CHILDREN, STMT_REQUIRED);
  const acct = shell.children.find((n) => n.name === "Acct");
  const balances: StatementBalance[] = [];
  for (const bal of shell.children.filter((n) => n.name === "Bal")) {
    balances.push(
      balanceOf(bal, `${label} Bal ${balances.length + 1}`, `Stmt[${statement.index}]/Bal[${balances.length + 1}]`),
    );
  }
  return {
    format: "camt053",
    version,
    statementId: textAt(shell, "Id"),
    sequenceNumber: textAt(shell, "ElctrncSeqNb") ?? textAt(shell, "LglSeqNb"),
    account: accountOf(acct as XmlNode),
    balances,
    origin: { line: statement.line, ordinal: statement.index, path: `Stmt[${statement.index}]` },
  };
}

/** How far a read has got: bytes taken from the input, entries yielded. */
export type ReadProgress = { bytes: number; entries: number };

export async function* readCamt053(
  input: ByteChunks,
  options: { onProgress?: (progress: ReadProgress) => void } = {},
): AsyncGenerator<StatementItem> {
  let version: Camt053Version | null = null;
  let statement: OpenStatement | null = null;
  let statements = 0;
  let ordinal = 0;
  const keep = (ancestors: readonly string[], name: string) =>
    (ancestors.length === 3 && ancestors[2] === "Stmt") || (ancestors.length === 2 && name === "GrpHdr");

  let bytes = 0;
  const counted = async function* () {
    for await (const chunk of chunksOf(input)) {
      // The parser asks for a chunk once the previous one's entries are out: the two agree here.
      if (bytes > 0) options.onProgress?.({ bytes, entries: ordinal });
      bytes += typeof chunk === "string" ? new TextEncoder().encode(chunk).byteLength : chunk.byteLength;
      yield chunk;
    }
  };

  for await (const event of xmlEvents(counted(), keep)) {
    if (event.kind === "open" && event.depth === 0) {
      if (event.name !== "Document")
        throw new StatementFileError(`has root element ${event.name}, not Document`, { line: event.line });
      version = camt053Version(event.uri);
    } else if (event.kind === "open" && event.depth === 1 && event.name !== "BkToCstmrStmt") {
      throw new StatementFileError(`is not BkToCstmrStmt (a camt.053 holds a bank-to-customer statement)`, {
        line: event.line,
        element: event.name,
      });
    } else if (event.kind === "open" && event.depth === 2 && event.name === "Stmt") {
      statement = { index: ++statements, line: event.line, nodes: [], isEmitted: false, entries: 0 };
    } else if (event.kind === "subtree" && statement && event.depth === 3) {
      const node = event.node;
      if (node.name !== "Ntry") {
        if (statement.isEmitted && node.name !== "AddtlStmtInf") {
          throw new StatementFileError(`comes after an Ntry`, {
            line: node.line,
            column: node.column,
            element: `Stmt ${statement.index}: ${node.name}`,
          });
        }
        statement.nodes.push(node);
        continue;
      }
      if (!statement.isEmitted) {
        statement.isEmitted = true;
        yield { kind: "statement", statement: headerOf(statement, version as Camt053Version) };
      }
      ordinal++;
      checkChildren(node, `Ntry ${ordinal}`, NTRY_CHILDREN, NTRY_REQUIRED);
      const path = `Stmt[${statement.index}]/Ntry[${++statement.entries}]`;
      yield { kind: "entry", entry: entryOf(node, ordinal, path) };
    } else if (event.kind === "close" && event.depth === 2 && event.name === "Stmt" && statement) {
      if (!statement.isEmitted) yield { kind: "statement", statement: headerOf(statement, version as Camt053Version) };
      statement = null;
    }
  }
  if (statements === 0) throw new StatementFileError("has no Stmt: not a statement, or an empty one");
  options.onProgress?.({ bytes, entries: ordinal });
}
