-- Balance history and reconciled months (issue 37): every balance a sync or a statement file gives,
-- kept per read; the months a person closed on two balances (lib/ledger).
-- CreateEnum
CREATE TYPE "balance_source" AS ENUM ('bank', 'file');

-- CreateTable
CREATE TABLE "account_balances" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "source" "balance_source" NOT NULL,
    "run_id" UUID,
    "import_id" UUID,
    "balance_type" TEXT NOT NULL,
    "amount" DECIMAL NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "reference_date" TEXT NOT NULL,
    "observed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_balances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reconciled_months" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "month" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "opening_date" TEXT NOT NULL,
    "opening_amount" DECIMAL NOT NULL,
    "closing_date" TEXT NOT NULL,
    "closing_amount" DECIMAL NOT NULL,
    "booked_total" DECIMAL NOT NULL,
    "booked_count" INTEGER NOT NULL,
    "opening_source" TEXT NOT NULL,
    "closing_source" TEXT NOT NULL,
    "reconciled_by_id" UUID,
    "reconciled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reconciled_months_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_balances_account_id_currency_reference_date_idx" ON "account_balances"("account_id", "currency", "reference_date");

-- CreateIndex
CREATE UNIQUE INDEX "account_balances_account_id_run_id_balance_type_currency_re_key" ON "account_balances"("account_id", "run_id", "balance_type", "currency", "reference_date");

-- CreateIndex
CREATE UNIQUE INDEX "reconciled_months_account_id_month_currency_key" ON "reconciled_months"("account_id", "month", "currency");

-- AddForeignKey
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "tracked_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reconciled_months" ADD CONSTRAINT "reconciled_months_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "tracked_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reconciled_months" ADD CONSTRAINT "reconciled_months_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

