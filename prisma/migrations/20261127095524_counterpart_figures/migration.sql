-- CreateTable
CREATE TABLE "counterpart_figures" (
    "account_id" UUID NOT NULL,
    "counterpart_id" UUID NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "scope_id" UUID NOT NULL,
    "count" INTEGER NOT NULL,
    "sum_in" DECIMAL NOT NULL,
    "sum_out" DECIMAL NOT NULL,
    "first_date" TEXT,
    "last_date" TEXT,

    CONSTRAINT "counterpart_figures_pkey" PRIMARY KEY ("account_id","counterpart_id","currency")
);

-- CreateIndex
CREATE INDEX "counterpart_figures_scope_id_counterpart_id_idx" ON "counterpart_figures"("scope_id", "counterpart_id");


-- Kept by statement triggers on transactions and tracked_accounts, in the transaction of each write.
-- Its functions and triggers now live in prisma/functions/06_figures.sql, applied after the
-- migrations and again whenever it changes; databases that ran the original text are accepted by
-- its checksum (rewritten.json).
-- This migration also computed the figures of the rows already here, by calling them: their file does
-- that now (see migration account_day_figures).
