-- File-only accounts (issue 37): an account kept from statement files has no consent. It is marked
-- by integration_name = 'file'; the CHECK makes "no consent" and "kept from files" the same fact.
-- AlterTable
ALTER TABLE "tracked_accounts" ALTER COLUMN "consent_id" DROP NOT NULL;

-- Hand-written: what the Prisma schema cannot express.
ALTER TABLE "tracked_accounts" ADD CONSTRAINT "tracked_accounts_file_has_no_consent" CHECK (("consent_id" IS NULL) = ("integration_name" = 'file'));
