// Who may create an account is the operator's call (SIGNUP, lib/env.ts): open (anyone), invite (only
// with an admin's invitation: the production default) or closed (nobody; administrators come from
// setup links). Whatever SIGNUP says, a production installation takes no account of any kind before
// its first administrator exists: that account comes only from the operator's setup link, which
// nobody else can therefore void.
import "server-only";
import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";
import type { Tx } from "@/lib/db/client";

export type SignUpPath = "open" | "invite";

const refused = (message: string) => new ApiError("signup_closed", message);

/** Throws 403 signup_closed when an account may not be created this way now (in the caller's transaction). */
export async function assertSignUpAllowed(db: Tx, path: SignUpPath): Promise<void> {
  if (env.LAUNCH_MODE === "production" && (await db.user.count()) === 0)
    throw refused(
      "This installation has no administrator yet. The operator creates one with the setup link the server printed.",
    );
  if (env.SIGNUP === "closed") throw refused("Sign-up is closed on this server. Ask its operator for an account.");
  if (path === "open" && env.SIGNUP === "invite")
    throw refused("Sign-up on this server is by invitation only. Ask an admin of your organisation for an invite.");
}
