-- AlterTable
ALTER TABLE "consents" ADD COLUMN     "accounts_refreshed_at" TIMESTAMPTZ(3),
ADD COLUMN     "bank_date_read_at" TIMESTAMPTZ(3),
ADD COLUMN     "bank_end_pending" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "revoke_requested_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "consent_authorizations" ADD COLUMN     "authorization_url" TEXT,
ADD COLUMN     "bank_id" TEXT,
ADD COLUMN     "code" TEXT,
ADD COLUMN     "completed_at" TIMESTAMPTZ(3),
ADD COLUMN     "external_id" TEXT,
ADD COLUMN     "phase" TEXT NOT NULL DEFAULT 'sent';

-- AlterTable
ALTER TABLE "sync_runs" ADD COLUMN     "deferrals" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();

-- CreateTable
CREATE TABLE "consent_accounts" (
    "consent_id" UUID NOT NULL,
    "external_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "iban" TEXT,
    "currency" TEXT NOT NULL,
    "name" TEXT,
    "product" TEXT,
    "owner_name" TEXT,
    "cash_account_type" TEXT,
    "account_type" "AccountType" NOT NULL,

    CONSTRAINT "consent_accounts_pkey" PRIMARY KEY ("consent_id","external_id")
);

-- AddForeignKey
ALTER TABLE "consent_accounts" ADD CONSTRAINT "consent_accounts_consent_id_fkey" FOREIGN KEY ("consent_id") REFERENCES "consents"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- At most one redirect at a time may be asking the bank for a consent's twin (lib/accounttracking/redirect.ts).
CREATE UNIQUE INDEX "consent_authorizations_one_sending" ON "consent_authorizations" ("consent_id") WHERE "phase" = 'sending';

-- Callbacks whose outcome still has to be applied (the repair tick's query).
CREATE INDEX "consent_authorizations_unfinished" ON "consent_authorizations" ("used_at") WHERE "used_at" IS NOT NULL AND "completed_at" IS NULL;

-- Stored accounts for consents approved before this migration are read from the bank on first need
-- (their accounts_refreshed_at is null).
