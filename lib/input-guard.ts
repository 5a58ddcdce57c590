// Strings PostgreSQL cannot store: text columns refuse NUL (0x00) and UTF-8 cannot encode an unpaired
// UTF-16 surrogate (JSON "\ud800"), so either one used to surface as a 500 from the driver. The kernel
// runs this over every parsed JSON body and query before zod, so every endpoint answers 422 naming the
// field instead, however its schema is written.
import type { z } from "zod";
import type { ErrorDetails } from "@/lib/errors";

const MESSAGE = "Contains a NUL character or an unpaired surrogate; remove it.";
// Deep enough for any body we accept; deeper structures are reported rather than walked.
const MAX_DEPTH = 64;

function unsafe(value: string): boolean {
  return value.includes("\u0000") || !value.isWellFormed();
}

/** Null-prototype details, so a field named `__proto__` or `toString` is just a key. */
export function newDetails(): ErrorDetails {
  return Object.create(null) as ErrorDetails;
}

export function addDetail(details: ErrorDetails, key: string, message: string): void {
  const list = Object.prototype.hasOwnProperty.call(details, key) ? details[key] : undefined;
  if (list) list.push(message);
  else Object.defineProperty(details, key, { value: [message], enumerable: true, writable: true, configurable: true });
}

/** Field paths (dotted, as sent) whose string value or key is unsafe; empty when all are fine. */
export function unsafeStrings(value: unknown, path = ""): ErrorDetails {
  const details = newDetails();
  const walk = (node: unknown, at: string, depth: number) => {
    if (typeof node === "string") {
      if (unsafe(node)) addDetail(details, at || "body", MESSAGE);
      return;
    }
    if (node === null || typeof node !== "object") return;
    if (depth > MAX_DEPTH) {
      addDetail(details, at || "body", "Nested too deeply.");
      return;
    }
    const entries: [string, unknown][] = Array.isArray(node)
      ? node.map((v, i) => [String(i), v])
      : Object.entries(node);
    for (const [key, child] of entries) {
      const childPath = at ? `${at}.${key}` : key;
      if (unsafe(key)) addDetail(details, at || "body", MESSAGE);
      else walk(child, childPath, depth + 1);
    }
  };
  walk(value, path, 0);
  return details;
}

/** A zod failure as 422 details, keyed by the field's path (unknown keys named one by one). */
export function zodDetails(error: z.ZodError): ErrorDetails {
  const details = newDetails();
  const add = (key: string, message: string) => addDetail(details, key || "body", message);
  for (const issue of error.issues) {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(base ? `${base}.${key}` : key, "Unknown field; remove it.");
    } else {
      add(base, issue.message);
    }
  }
  return details;
}
