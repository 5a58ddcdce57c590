-- Statement files imported into a tracked account (issue 37): one row per import with its state and
-- counts; on transactions the file's ids, its batch details, and whether the bank has listed the row.
-- CreateEnum
CREATE TYPE "statement_format" AS ENUM ('camt053', 'mt940', 'csv');

-- CreateEnum
CREATE TYPE "statement_import_state" AS ENUM ('queued', 'running', 'succeeded', 'failed');

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "seen_by_bank" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "statement_entry_ref" TEXT,
ADD COLUMN     "statement_facts" JSONB,
ADD COLUMN     "statement_import_id" UUID;

-- CreateTable
CREATE TABLE "statement_imports" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "format" "statement_format" NOT NULL,
    "file_name" TEXT,
    "file_sha256" TEXT NOT NULL,
    "state" "statement_import_state" NOT NULL DEFAULT 'queued',
    "entries" INTEGER NOT NULL DEFAULT 0,
    "added" INTEGER NOT NULL DEFAULT 0,
    "matched" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "balances" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "date_from" TEXT,
    "date_to" TEXT,
    "error" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "statement_imports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "statement_imports_account_id_created_at_idx" ON "statement_imports"("account_id", "created_at");

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_statement_import_id_fkey" FOREIGN KEY ("statement_import_id") REFERENCES "statement_imports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "statement_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "tracked_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- An import's rows, partial so the sync's inserts (which carry no import) pay nothing for it.
CREATE INDEX "transactions_statement_import_idx" ON "transactions"("statement_import_id") WHERE "statement_import_id" IS NOT NULL;

-- A file is imported into an account once: a second import of the same bytes finds this one. A
-- failed import does not hold the file, so it can be tried again.
CREATE UNIQUE INDEX "statement_imports_account_file_key" ON "statement_imports"("account_id", "file_sha256") WHERE "state" <> 'failed';
