import "server-only";

// camt.053 against its ISO 20022 XSD (xsd/, copied from the spec folder), by libxml2 compiled to
// WebAssembly (xmllint-wasm, `--stream`: libxml2's reader, no document tree). The file still has to
// be handed over whole (the WASM side reads it from an in-memory file system), so memory grows with
// the file: docs/statements.md has the figures, and imports validate files up to
// XSD_VALIDATION_MAX_BYTES this way; past that, camt053.ts's structural checks are what hold.
//
// Two kinds of schema finding do not refuse a file, because the reader does not depend on them and
// real banks' files have them: a free-text element over its maxLength (pretty-printers wrap long
// `Ustrd` values, and the reader collapses the whitespace back), and a UETR that is not a v4 UUID.

import { readFile } from "node:fs/promises";
import { SaxesParser } from "saxes";
import { validateXML, memoryPages } from "xmllint-wasm";
import { type Camt053Version, camt053Version } from "./camt053";
import { StatementFileError } from "./errors";

export const XSD_VALIDATION_MAX_BYTES = 16 * 2 ** 20;

// Literal `new URL(…, import.meta.url)` so a bundler ships the files with the module.
const XSD_FILES: Record<Camt053Version, URL> = {
  "camt.053.001.02": new URL("./xsd/camt.053.001.02.xsd", import.meta.url),
  "camt.053.001.04": new URL("./xsd/camt.053.001.04.xsd", import.meta.url),
  "camt.053.001.08": new URL("./xsd/camt.053.001.08.xsd", import.meta.url),
};
const FREE_TEXT = new Set(["Ustrd", "AddtlTxInf", "AddtlNtryInf", "AddtlStmtInf", "AddtlInf", "Nm", "AdrLine"]);

export type SchemaFinding = { line: number | null; message: string };
export type SchemaResult = { version: Camt053Version; errors: SchemaFinding[]; warnings: SchemaFinding[] };

function isTolerated(message: string): boolean {
  const element = /Element '([A-Za-z]+)'/.exec(message)?.[1] ?? "";
  if (message.includes("[facet 'maxLength']")) return FREE_TEXT.has(element);
  return element === "UETR" && message.includes("[facet 'pattern']");
}

/** The root's namespace, read by saxes from the file's head, to pick the XSD. */
function rootNamespace(bytes: Uint8Array): string {
  const parser = new SaxesParser({ xmlns: true });
  let namespace: string | null = null;
  parser.on("opentag", (tag) => {
    namespace ??= tag.uri ?? "";
  });
  // Only the root's start tag matters here; the validator reports everything else.
  parser.on("error", () => undefined);
  parser.write(new TextDecoder().decode(bytes.subarray(0, 64 * 1024)));
  if (namespace === null) throw new StatementFileError("has no root element in its first 64 KiB", { line: 1 });
  return namespace;
}

/** Validates the whole file against its version's XSD; findings carry the file's line numbers. */
export async function validateCamt053Schema(bytes: Uint8Array): Promise<SchemaResult> {
  if (bytes.byteLength > XSD_VALIDATION_MAX_BYTES) {
    throw new Error(
      `XSD validation holds the file in memory; ${bytes.byteLength} bytes is over ${XSD_VALIDATION_MAX_BYTES}`,
    );
  }
  const version = camt053Version(rootNamespace(bytes));
  const schema = await readFile(XSD_FILES[version], "utf8");
  // WASM memory holds the file's copy and libxml2's state: four times the file plus 32 MiB is ample.
  const pages = Math.max(memoryPages.defaultMaxMemoryPages, Math.ceil((bytes.byteLength * 4) / 65536) + 512);
  const result = await validateXML({
    xml: { fileName: "statement.xml", contents: bytes },
    schema: { fileName: `${version}.xsd`, contents: schema },
    stream: true,
    maxMemoryPages: pages,
  });
  const findings = result.errors
    .filter((e) => e.loc !== null || !/fails to validate|validates$/.test(e.message))
    .map((e) => ({
      line: e.loc?.lineNumber ?? null,
      message: e.message.replace(/^Schemas validity error : /, "").replace(/\{[^}]*\}/g, ""),
    }));
  const errors = findings.filter((f) => !isTolerated(f.message));
  const warnings = findings.filter((f) => isTolerated(f.message));
  return { version, errors, warnings };
}

/** Refuses a file with schema errors, naming the first (and how many more there are). */
export async function assertCamt053Schema(bytes: Uint8Array): Promise<SchemaResult> {
  const result = await validateCamt053Schema(bytes);
  const first = result.errors[0];
  if (first) {
    const more = result.errors.length > 1 ? ` (and ${result.errors.length - 1} more schema errors)` : "";
    throw new StatementFileError(`does not match the ${result.version} schema: ${first.message}${more}`, {
      line: first.line,
    });
  }
  return result;
}
