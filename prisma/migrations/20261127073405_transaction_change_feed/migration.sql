-- The change feed (lib/changes, docs/api-decisions.md "Change feed"): which transactions were added,
-- modified or removed since a cursor. Every change takes the next number of one sequence, in the
-- same transaction as the change itself: a row's change_seq (and created_seq), or a tombstone's seq.
-- The triggers that number them, and the locks that order them, now live in
-- prisma/functions/07_change_feed.sql, applied after the migrations and again whenever it changes;
-- databases that ran the original text are accepted by its checksum (rewritten.json).

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "change_seq" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "created_seq" BIGINT NOT NULL DEFAULT 0;

CREATE SEQUENCE "transaction_change_seq" AS BIGINT;

-- Rows written before the feed existed: numbered once, in each account's date order.
UPDATE "transactions" t SET "change_seq" = n.seq, "created_seq" = n.seq
  FROM (SELECT id, nextval('transaction_change_seq') AS seq
          FROM (SELECT id FROM "transactions" ORDER BY account_id, sort_date, id) o) n
 WHERE t.id = n.id;

-- CreateTable
CREATE TABLE "transaction_tombstones" (
    "seq" BIGINT NOT NULL,
    "scope_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "created_seq" BIGINT NOT NULL,
    "removed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transaction_tombstones_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "change_feed_horizons" (
    "subject_id" UUID NOT NULL,
    "purged_seq" BIGINT NOT NULL,

    CONSTRAINT "change_feed_horizons_pkey" PRIMARY KEY ("subject_id")
);

-- CreateIndex
CREATE INDEX "transaction_tombstones_account_id_seq_idx" ON "transaction_tombstones"("account_id", "seq");

-- CreateIndex
CREATE INDEX "transaction_tombstones_scope_id_seq_idx" ON "transaction_tombstones"("scope_id", "seq");

-- CreateIndex
CREATE INDEX "transaction_tombstones_removed_at_idx" ON "transaction_tombstones"("removed_at");

-- CreateIndex
CREATE INDEX "transactions_account_id_change_seq_idx" ON "transactions"("account_id", "change_seq");
