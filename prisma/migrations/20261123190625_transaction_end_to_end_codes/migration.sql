-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "end_to_end_id" TEXT,
ADD COLUMN     "proprietary_bank_transaction_code" TEXT;

