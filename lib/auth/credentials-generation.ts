// A person's credentials generation: one number on their row that a password change, a password
// reset and "sign out everywhere" bump. Every browser session (the `gen` claim of the Auth.js
// cookie) and every access and refresh token of a password sign-in (api_tokens.generation) carries
// the generation it was issued under, and is refused once it is older, on every request
// (lib/api/authenticate.ts). The bump is announced on `principals_changed` (`u:<user id>`), so each
// instance's principal cache forgets what it kept about the person at once. Personal tokens and App
// tokens carry no generation: a password change does not end them (they are revoked one by one).
import "server-only";
import { ApiError } from "@/lib/errors";
import type { Tx } from "@/lib/db/client";
import { pool, statement } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";

/** Moves the person to a new generation (in the caller's transaction) and returns it. */
export async function bumpCredentialsGeneration(db: Tx, userId: string): Promise<number> {
  const user = await db.user.update({
    where: { id: userId },
    data: { credentialsGeneration: { increment: 1 } },
    select: { credentialsGeneration: true },
  });
  return user.credentialsGeneration;
}

/** The person's generation now, or null when the person is gone. */
export async function currentCredentialsGeneration(userId: string): Promise<number | null> {
  const { rows } = await pool().query<{ generation: number }>(
    statement("credentials-generation", "SELECT credentials_generation AS generation FROM users WHERE id = $1", [
      userId,
    ]),
  );
  return rows[0]?.generation ?? null;
}

/** Whether credentials issued under `issued` still hold against the person's `current` generation. */
export function generationHolds(issued: number | null, current: number): boolean {
  return issued === null || issued >= current;
}

/** The refusal of an ended sign-in; `headers` adds to it (a session's cookie deleted). */
export const credentialsChanged = (headers: Record<string, string> = {}) =>
  new ApiError(
    "credentials_changed",
    "This sign-in ended: the password was changed or reset, or every session was signed out. Sign in again.",
    { headers: { "www-authenticate": 'Bearer realm="ledgerlink", error="invalid_token"', ...headers } },
  );

/** sign-out-everywhere, the verb: a new generation, which ends every session and sign-in token. */
export function signOutEverywhere({ userId, commit = transaction }: { userId: string; commit?: Commit<number> }) {
  return commit((db) => bumpCredentialsGeneration(db, userId));
}
