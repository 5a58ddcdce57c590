-- AlterTable
ALTER TABLE "tracked_accounts" ADD COLUMN     "nickname" TEXT;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "note" TEXT,
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "transactions_scope_id_sort_date_id_idx" ON "transactions"("scope_id", "sort_date", "id");

