-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "transfer_override" BOOLEAN;

