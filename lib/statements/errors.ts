// The one error a statement reader throws for a file it refuses: the message names the place
// (line, column, element) so the person can find it, and `code` classifies it without instanceof.

export type StatementFileLocation = {
  line?: number | null;
  column?: number | null;
  /** The element or field the reason is about, e.g. `Ntry 12: Amt` + `has no Ccy`. */
  element?: string | null;
};

export class StatementFileError extends Error {
  readonly code = "statement_file_invalid";
  readonly line: number | null;
  readonly column: number | null;
  readonly element: string | null;

  constructor(reason: string, where: StatementFileLocation = {}, options?: { cause?: unknown }) {
    const line = where.line ? `line ${where.line}${where.column ? `, column ${where.column}` : ""}: ` : "";
    super(`${line}${where.element ? `${where.element} ` : ""}${reason}`, options);
    this.name = "StatementFileError";
    this.line = where.line ?? null;
    this.column = where.column ?? null;
    this.element = where.element ?? null;
  }
}

export function isStatementFileError(error: unknown): error is StatementFileError {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "statement_file_invalid";
}
