// Logging: pino, one JSON line per event (`{"level","t","msg",…}`), info and below on stdout, warn
// and error on stderr. Errors keep their stack and their whole `cause` chain (pino's errWithCause
// serializer), so a 500's log says where it came from.
//
// Redaction happens here, for every line, whatever a caller passes: values under secret-looking
// keys (authorization, cookie, token, secret, password, state, code, iban, and `detail`, where
// database errors echo whole rows) and secret-shaped strings anywhere (our token prefixes, IBANs),
// stack traces and error messages included. pino's own path redaction is kept too, for the
// headers of a request or response object logged whole.
import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "@/lib/env";

const REDACTED = "[redacted]";
const MAX_DEPTH = 8;
const SECRET_KEYS = /authorization|token|secret|password|state|^code$|cookie|iban|^detail$/i;
const SECRET_VALUES = /(ll_(pat|at|rt|key|app|agt)_[A-Za-z0-9_-]+)|\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g;
// An identifier (rate_limited, P2002, ECONNRESET) or a PostgreSQL SQLSTATE (40P01, 23505).
const ERROR_CODE = /^([A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)*|[0-9A-Z]{5})$/;
const HEADER_PATHS = ["headers.authorization", "headers.cookie", "*.headers.authorization", "*.headers.cookie"];

/** A copy of `value` safe to log: secret keys and secret-shaped strings replaced, errors serialized. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(SECRET_VALUES, REDACTED);
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return "[too deep]";
  if (value instanceof Error) {
    // An error's own `code` is its classification (rate_limited, P2002, ECONNRESET), not an OAuth
    // code: kept when it has an error code's shape, so a bank error's kind reaches the log.
    const serialized = pino.stdSerializers.errWithCause(value) as Record<string, unknown>;
    const out = redact(serialized, depth + 1) as Record<string, unknown>;
    if (typeof serialized.code === "string" && ERROR_CODE.test(serialized.code)) out.code = serialized.code;
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? REDACTED : redact(v, depth + 1);
  return out;
}

function standardStreams(): DestinationStream {
  return pino.multistream(
    [
      { level: "debug", stream: pino.destination({ dest: 1, sync: true }) },
      { level: "warn", stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

/** A logger writing to `destination` (stdout/stderr by default); tests pass a stream of their own. */
export function createLogger(
  destination: DestinationStream = standardStreams(),
  level: typeof env.LOG_LEVEL = env.LOG_LEVEL,
): Logger {
  return pino(
    {
      level,
      base: undefined,
      messageKey: "msg",
      timestamp: () => `,"t":"${new Date().toISOString()}"`,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redact(fields) as Record<string, unknown>,
      },
      redact: { paths: HEADER_PATHS, censor: REDACTED },
    },
    destination,
  );
}

let logger: Logger | undefined;
const instance = () => (logger ??= createLogger());

type Fields = Record<string, unknown>;

export const log = {
  debug: (message: string, fields: Fields = {}) => instance().debug(fields, message),
  info: (message: string, fields: Fields = {}) => instance().info(fields, message),
  warn: (message: string, fields: Fields = {}) => instance().warn(fields, message),
  error: (message: string, fields: Fields = {}) => instance().error(fields, message),
};
