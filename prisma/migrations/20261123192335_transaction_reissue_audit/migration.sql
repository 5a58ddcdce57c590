-- AlterTable
ALTER TABLE "transaction_reissues" ADD COLUMN     "previous" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "undone_at" TIMESTAMPTZ(3);

