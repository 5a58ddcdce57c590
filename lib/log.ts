// One JSON line per event on stdout. Callers pass only fields that are safe to log: never
// Authorization headers, tokens, `state`, `code`, passwords or full IBANs (see redact()).
import { env } from "@/lib/env";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

// `detail` too: database errors echo whole rows there (names, IBANs).
const SECRET_KEYS = /authorization|token|secret|password|state|^code$|cookie|iban|^detail$/i;
const SECRET_VALUES = /(ll_(pat|at|rt|key|app|agt)_[A-Za-z0-9_-]+)|\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(SECRET_VALUES, "[redacted]");
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return { name: value.name, message: redact(value.message) };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? "[redacted]" : redact(v, depth + 1);
  return out;
}

function write(level: Level, message: string, fields: Record<string, unknown>): void {
  if (LEVELS[level] < LEVELS[env.LOG_LEVEL]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg: message, ...(redact(fields) as object) });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields: Record<string, unknown> = {}) => write("debug", message, fields),
  info: (message: string, fields: Record<string, unknown> = {}) => write("info", message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write("warn", message, fields),
  error: (message: string, fields: Record<string, unknown> = {}) => write("error", message, fields),
};
