-- CreateTable
CREATE TABLE "stats_versions" (
    "subject_id" UUID NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "stats_versions_pkey" PRIMARY KEY ("subject_id")
);

-- CreateTable
CREATE TABLE "account_stats_cache" (
    "account_id" UUID NOT NULL,
    "account_version" BIGINT NOT NULL,
    "scope_version" BIGINT NOT NULL,
    "payload" JSONB NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_stats_cache_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE INDEX "transactions_account_id_first_seen_run_id_idx" ON "transactions"("account_id", "first_seen_run_id");

-- AddForeignKey
ALTER TABLE "account_stats_cache" ADD CONSTRAINT "account_stats_cache_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "tracked_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Pending rows of an account, for the sync window's "oldest pending entry" (lib/sync/window.ts): a few
-- rows among up to a million booked ones. Partial, so not expressible in schema.prisma.
CREATE INDEX "transactions_pending_sort_idx" ON "transactions"("account_id", "sort_date") WHERE status = 'pending' AND removed_at IS NULL;

-- Stats versions (see schema.prisma, StatsVersion) are bumped by triggers on every write that can
-- change an account's figures.
-- Its functions and triggers now live in prisma/functions/05_stats_versions.sql, applied after the
-- migrations and again whenever it changes; databases that ran the original text are accepted by
-- its checksum (rewritten.json).
