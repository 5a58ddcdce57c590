// Which reader a file needs, from its first bytes: XML is camt.053 (the reader then checks the
// namespace), a SWIFT block or an MT940 tag is MT940, anything else is offered to the CSV mapper.

import type { StatementFormat } from "./model";

export function sniffStatementFormat(head: Uint8Array): StatementFormat {
  const text = new TextDecoder("latin1")
    .decode(head.subarray(0, 2048))
    .replace(/^\uFEFF|^\u00ef\u00bb\u00bf/, "")
    .replaceAll("\u0001", "")
    .trimStart();
  if (text.startsWith("<")) return "camt053";
  if (/^(\{1:|:20:|:940:)/.test(text)) return "mt940";
  return "csv";
}
