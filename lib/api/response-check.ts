// In development and tests, every answer the kernel sends is parsed against the route's declared
// contract before it leaves: a status the route does not declare, a body its schema rejects, or a
// field the schema does not have fails the request with a 500 and a log line naming the route,
// the status and the fields. Off in production (env RESPONSE_CHECK), where it would cost time.
import type { Declared } from "@/lib/api/contract";
import { env } from "@/lib/env";
import { declaresSuccess, errorBodySchema, fileMediaType, successBodySchema } from "@/lib/openapi/bodies";

export const responseCheckEnabled = (): boolean => env.RESPONSE_CHECK;

class ContractViolation extends Error {
  override name = "ContractViolation";
}

/** Paths of fields in `sent` that the schema's parse left out (fields the schema does not declare). */
function undeclared(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => undeclared(item, parsed[i], `${path}[${i}]`));
  }
  if (!sent || typeof sent !== "object" || !parsed || typeof parsed !== "object") return [];
  const kept = parsed as Record<string, unknown>;
  return Object.entries(sent).flatMap(([key, value]) =>
    // `__proto__` (a key a caller may send and a 422 names) never survives a parse into a plain object.
    key === "__proto__"
      ? []
      : Object.hasOwn(kept, key)
        ? undeclared(value, kept[key], `${path}.${key}`)
        : [`${path}.${key}`],
  );
}

/** Throws a ContractViolation when this answer is not what the route declares. */
export function checkResponse(method: string, contract: Declared, status: number, text: string): void {
  const where = `${method} ${contract.operationId} answered ${status}`;
  const isSuccess = status < 400;
  if (isSuccess && !declaresSuccess(contract, status))
    throw new ContractViolation(`${where}, a status its route() does not declare`);
  if (isSuccess && fileMediaType(contract, status)) return;
  const schema = isSuccess ? successBodySchema(contract, status) : errorBodySchema(method, contract, status);
  if (!isSuccess && !schema) throw new ContractViolation(`${where}, an error status its route() cannot answer`);
  if (!schema) {
    if (text !== "") throw new ContractViolation(`${where} with a body, but its route() declares none`);
    return;
  }
  const sent: unknown = JSON.parse(text);
  const result = schema.safeParse(sent);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
    throw new ContractViolation(`${where}; the body does not match the declared schema: ${issues.join("; ")}`);
  }
  const extra = undeclared(sent, result.data, "").slice(0, 5);
  if (extra.length > 0)
    throw new ContractViolation(`${where}; fields the declared schema does not have: ${extra.join(", ")}`);
}
