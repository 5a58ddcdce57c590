-- Recurring payments (issue 36): the streams lib/recurring finds per account, counterpart and key,
-- with the person's word on each (name, confirmed, dismissed), which re-detection never rewrites.
-- CreateEnum
CREATE TYPE "recurring_period" AS ENUM ('weekly', 'biweekly', 'monthly', 'quarterly', 'yearly');

-- CreateEnum
CREATE TYPE "recurring_status" AS ENUM ('active', 'late', 'ended', 'amount_changed');

-- CreateTable
CREATE TABLE "recurring_streams" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "counterpart_id" UUID,
    "stream_key" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "period" "recurring_period" NOT NULL,
    "typical_amount" DECIMAL NOT NULL,
    "spread" DECIMAL NOT NULL,
    "first_date" TEXT NOT NULL,
    "last_date" TEXT NOT NULL,
    "last_amount" DECIMAL NOT NULL,
    "next_expected_date" TEXT,
    "next_expected_amount" DECIMAL,
    "occurrences" INTEGER NOT NULL,
    "history" JSONB NOT NULL DEFAULT '[]',
    "status" "recurring_status" NOT NULL,
    "label" TEXT NOT NULL,
    "name" TEXT,
    "confirmed_at" TIMESTAMPTZ(3),
    "dismissed_at" TIMESTAMPTZ(3),
    "detected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recurring_streams_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recurring_streams_scope_id_status_idx" ON "recurring_streams"("scope_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "recurring_streams_account_id_stream_key_key" ON "recurring_streams"("account_id", "stream_key");

-- AddForeignKey
ALTER TABLE "recurring_streams" ADD CONSTRAINT "recurring_streams_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_streams" ADD CONSTRAINT "recurring_streams_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "tracked_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

