// The banks' own log: one JSON line per event on stderr (pino), at LOG_LEVEL. Not lib/log, which
// reads the app's environment module; the banks are another system with settings of their own.
import pino from "pino";

type Level = "debug" | "info" | "warn" | "error" | "silent";
const LEVELS: readonly Level[] = ["debug", "info", "warn", "error", "silent"];

function levelOf(value: string | undefined): Level {
  return LEVELS.find((l) => l === value) ?? "info";
}

/** An error's name, message, code and stack: not its other fields (a pg error carries its whole client). */
function errorFields(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code } = error as { code?: unknown };
  return { type: error.name, message: error.message, ...(code === undefined ? {} : { code }), stack: error.stack };
}

const logger = pino(
  {
    level: levelOf(process.env.LOG_LEVEL),
    base: { system: "banks" },
    messageKey: "msg",
    timestamp: () => `,"t":"${new Date().toISOString()}"`,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { error: errorFields },
    redact: {
      paths: ["headers.authorization", "headers.cookie", "headers['x-sandbox-control']"],
      censor: "[redacted]",
    },
  },
  pino.destination({ dest: 2, sync: true }),
);

type Fields = Record<string, unknown>;

export const log = {
  info: (message: string, fields: Fields = {}) => logger.info(fields, message),
  warn: (message: string, fields: Fields = {}) => logger.warn(fields, message),
  error: (message: string, fields: Fields = {}) => logger.error(fields, message),
};
