// The two forms of a stored bank transaction id that are not the bank's id as sent (docs/banks.md),
// named once for the code that makes them (lib/banking/normalise.ts) and the pages that explain them.
// No server imports: the browser reads it too.

/** An id over MAX_TRANSACTION_ID_BYTES, kept as this prefix and its hex SHA-256. */
export const HASHED_ID_PREFIX = "sha256:";

/** An entry the bank sent without an id: this prefix and a hash of its content. */
export const DERIVED_ID_PREFIX = "syn_";
