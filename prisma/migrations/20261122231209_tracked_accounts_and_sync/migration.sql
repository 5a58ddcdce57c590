-- CreateEnum
CREATE TYPE "AccountType" AS ENUM ('private', 'company', 'payment');

-- CreateEnum
CREATE TYPE "TransactionStatus" AS ENUM ('booked', 'pending');

-- CreateEnum
CREATE TYPE "SyncState" AS ENUM ('queued', 'running', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "SyncTrigger" AS ENUM ('manual', 'scheduled');

-- CreateTable
CREATE TABLE "tracked_accounts" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "consent_id" UUID NOT NULL,
    "integration_name" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "bank_name" TEXT,
    "country_code" CHAR(2) NOT NULL,
    "account_type" "AccountType" NOT NULL,
    "external_id" TEXT NOT NULL,
    "iban" TEXT,
    "currency" CHAR(3) NOT NULL,
    "name" TEXT,
    "product" TEXT,
    "owner_name" TEXT,
    "balance_amount" DECIMAL,
    "balance_date" TEXT,
    "auto_updates_per_day" INTEGER NOT NULL DEFAULT 2,
    "next_scheduled_at" TIMESTAMPTZ(3),
    "last_synced_at" TIMESTAMPTZ(3),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tracked_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "external_id" TEXT NOT NULL,
    "entry_reference" TEXT,
    "status" "TransactionStatus" NOT NULL,
    "booking_date" TEXT,
    "value_date" TEXT,
    "sort_date" TEXT NOT NULL,
    "amount" DECIMAL NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "creditor_name" TEXT,
    "creditor_iban" TEXT,
    "ultimate_creditor" TEXT,
    "debtor_name" TEXT,
    "debtor_iban" TEXT,
    "ultimate_debtor" TEXT,
    "remittance_information" TEXT,
    "creditor_id" TEXT,
    "mandate_id" TEXT,
    "bank_transaction_code" TEXT,
    "first_seen_run_id" UUID,
    "last_seen_run_id" UUID,
    "removed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sync_runs" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "trigger" "SyncTrigger" NOT NULL,
    "attended" BOOLEAN NOT NULL,
    "psu_ip_address" TEXT,
    "state" "SyncState" NOT NULL DEFAULT 'queued',
    "next_page" TEXT,
    "date_from" TEXT,
    "pages" INTEGER NOT NULL DEFAULT 0,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "removed" INTEGER NOT NULL DEFAULT 0,
    "reissued" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "worker_id" TEXT,
    "heartbeat_at" TIMESTAMPTZ(3),
    "not_before" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sync_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_accesses" (
    "id" UUID NOT NULL,
    "consent_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "run_id" UUID,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bank_accesses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transaction_reissues" (
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "old_external_id" TEXT NOT NULL,
    "new_external_id" TEXT NOT NULL,
    "matched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transaction_reissues_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "tracked_accounts_scope_id_created_at_id_idx" ON "tracked_accounts"("scope_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "tracked_accounts_next_scheduled_at_idx" ON "tracked_accounts"("next_scheduled_at");

-- CreateIndex
CREATE UNIQUE INDEX "tracked_accounts_scope_id_integration_name_bank_id_external_key" ON "tracked_accounts"("scope_id", "integration_name", "bank_id", "external_id");

-- CreateIndex
CREATE INDEX "transactions_account_id_sort_date_id_idx" ON "transactions"("account_id", "sort_date", "id");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_account_id_external_id_key" ON "transactions"("account_id", "external_id");

-- CreateIndex
CREATE INDEX "sync_runs_account_id_created_at_idx" ON "sync_runs"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "sync_runs_state_heartbeat_at_idx" ON "sync_runs"("state", "heartbeat_at");

-- CreateIndex
CREATE INDEX "bank_accesses_consent_id_account_id_at_idx" ON "bank_accesses"("consent_id", "account_id", "at");

-- CreateIndex
CREATE INDEX "transaction_reissues_account_id_idx" ON "transaction_reissues"("account_id");

-- AddForeignKey
ALTER TABLE "tracked_accounts" ADD CONSTRAINT "tracked_accounts_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracked_accounts" ADD CONSTRAINT "tracked_accounts_consent_id_fkey" FOREIGN KEY ("consent_id") REFERENCES "consents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "tracked_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "tracked_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- At most one queued or running sync per account (a second request gets the active run instead).
CREATE UNIQUE INDEX "sync_runs_one_active_per_account" ON "sync_runs" ("account_id") WHERE "state" IN ('queued', 'running');
