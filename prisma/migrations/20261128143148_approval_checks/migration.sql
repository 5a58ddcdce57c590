-- When a bank that has not confirmed an approval is asked again (the worker's approval checks,
-- lib/accounttracking/consents/approval-checks.ts); the index serves their look for due rows.
-- AlterTable
ALTER TABLE "consent_authorizations" ADD COLUMN     "next_check_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "consent_authorizations_next_check_at_idx" ON "consent_authorizations"("next_check_at");

