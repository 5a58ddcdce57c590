-- Speed of the per-page assignment (measured with scripts/bench/counterparts-ingest.ts):
-- * no foreign keys from transactions to counterparts: the derived column is written right after the
--   row was inserted in the same transaction, so each write ran an RI check that locks the counterpart
--   row (FOR KEY SHARE) - about 0.2 ms a row. Counterparts are never deleted on their own (only with
--   their scope, which takes the transactions with it), so nothing can dangle.
-- * the candidate keys are computed once per statement (MATERIALIZED), and a page whose rows all
--   resolved in the first statement returns at once.
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_counterpart_id_fkey";
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_bound_counterpart_id_fkey";

-- The functions this migration created or replaced now live, in their current form, in
-- prisma/functions/*.sql, which the migration runner applies after the migrations (and again
-- whenever one changes). Rewritten in issue 14; databases that ran the original text are
-- accepted by its checksum (prisma/migrations/rewritten.json).
