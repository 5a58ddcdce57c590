// Who may use the sandbox bank's controls (clock, expire, revoke, totals): the operator, with the
// control secret in `X-Sandbox-Control` (SANDBOX_CONTROL_SECRET; `npm start` generates one into
// DATA_DIR/sandbox-control-secret when unset), or a signed-in person (session cookie or a person's
// bearer token). Anyone else gets 401: moving the bank's clock or ending consents changes what every
// user of this deployment sees.
import { timingSafeEqual, createHash } from "node:crypto";
import { authenticate } from "@/lib/api/authenticate";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { bankRoute, Xs2aError, type BankContext, type BankHandler } from "@/sandbox/bank/xs2a/http";

const CONTROL_HEADER = "x-sandbox-control";

function controlSecret(): string | null {
  return process.env.SANDBOX_CONTROL_SECRET ?? env.SANDBOX_CONTROL_SECRET ?? null;
}

const digest = (v: string) => createHash("sha256").update(v).digest();

async function allowed(request: Request): Promise<boolean> {
  const secret = controlSecret();
  const given = request.headers.get(CONTROL_HEADER);
  if (secret && given !== null) return timingSafeEqual(digest(given), digest(secret));
  try {
    const { principal } = await authenticate(request);
    return principal?.kind === "user";
  } catch (error) {
    if (error instanceof ApiError) return false; // a bad or expired token is no one
    throw error;
  }
}

// Marks control handlers, so the test harness (testing/support/http.ts) can act as the operator.
const CONTROL_HANDLER = Symbol.for("ledgerlink.sandbox-control");

/** A sandbox control route: bankRoute() behind the control check. */
export function controlRoute(fn: (ctx: BankContext) => Response | Promise<Response>): BankHandler {
  const handler = bankRoute(async (ctx) => {
    if (!(await allowed(ctx.request))) {
      throw new Xs2aError(
        401,
        "UNAUTHORIZED",
        `Sandbox controls need the control secret in ${CONTROL_HEADER}, or a signed-in person.`,
        {
          "www-authenticate": 'Bearer realm="ledgerlink-sandbox-controls"',
        },
      );
    }
    return fn(ctx);
  });
  Object.defineProperty(handler, CONTROL_HANDLER, { value: true });
  return handler;
}
