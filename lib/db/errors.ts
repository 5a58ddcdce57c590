// Prisma's known request errors, recognised by their name and code rather than by instanceof: the
// client may have been created by another module graph (the Next bundle or the tsx-loaded worker),
// whose copy of Prisma's error classes differs from ours.

/** The Prisma error code (e.g. "P2002" unique violation, "P2025" not found), or null. */
export function prismaErrorCode(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const e = error as { name?: unknown; code?: unknown };
  if (e.name !== "PrismaClientKnownRequestError" || typeof e.code !== "string") return null;
  return e.code;
}

// SQLSTATEs that say the server cannot serve us now, not that the statement is wrong: connection
// exceptions (class 08), the server shutting down or not yet accepting connections (57P01–57P03, a
// restart or a failover), and a write that reached a server in recovery (25006: a standby, until the
// new primary is found).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|25006)$/;
// Node's and node-postgres's words for a connection that could not be made or was lost.
const UNAVAILABLE_SOCKET = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|server closed the connection|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether the database is out of reach (stopped, restarting, failing over, or its pooler gone) rather
 * than the statement at fault: the error or any error in its `cause` chain (Prisma's driver adapter
 * wraps the pg error). Such a request may succeed in a few seconds; its answer is 503 with Retry-After.
 */
export function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const e = error as { code?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown };
  for (const code of [e.code, e.originalCode])
    if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  return databaseUnavailable(e.cause, depth + 1);
}

type UniqueMeta = {
  driverAdapterError?: { cause?: { originalMessage?: string; constraint?: { fields?: string[] } } };
};

/**
 * Which unique key a Prisma unique violation (P2002) broke, or null for any other error: the
 * index's name as PostgreSQL reported it (a trigger's write names a table the statement never
 * touched), else the columns Prisma's pg adapter read from the error.
 */
export function uniqueViolationTarget(error: unknown): string | null {
  if (prismaErrorCode(error) !== "P2002") return null;
  const meta = (error as { meta?: UniqueMeta }).meta;
  const cause = meta?.driverAdapterError?.cause;
  const named = cause?.originalMessage?.match(/unique constraint "([^"]+)"/)?.[1];
  return named ?? cause?.constraint?.fields?.join(", ") ?? "unknown";
}
