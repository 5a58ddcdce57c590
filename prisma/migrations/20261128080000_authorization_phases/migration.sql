-- The authorization's lifecycle in one column (lib/accounttracking/consents/authorization-lifecycle.ts):
-- what used_at, outcome and completed_at said beside the old phase becomes the phase itself.
CREATE TYPE "AuthorizationPhase" AS ENUM ('picker', 'sending', 'sent', 'abandoned', 'approved', 'declined', 'exchanged', 'completed');

DROP INDEX "consent_authorizations_one_sending";
DROP INDEX "consent_authorizations_unfinished";

ALTER TABLE "consent_authorizations" ALTER COLUMN "phase" DROP DEFAULT;
ALTER TABLE "consent_authorizations" ALTER COLUMN "phase" TYPE "AuthorizationPhase" USING (
  CASE
    WHEN "completed_at" IS NOT NULL THEN 'completed'
    WHEN "used_at" IS NOT NULL AND "phase" = 'exchanged' THEN 'exchanged'
    WHEN "used_at" IS NOT NULL AND "outcome" = 'approved' THEN 'approved'
    WHEN "used_at" IS NOT NULL THEN 'declined'
    ELSE "phase"
  END
)::"AuthorizationPhase";

-- One send in flight per consent; the outcomes still to apply (the repair tick's query).
CREATE UNIQUE INDEX "consent_authorizations_one_sending" ON "consent_authorizations" ("consent_id") WHERE "phase" = 'sending';
CREATE INDEX "consent_authorizations_unfinished" ON "consent_authorizations" ("used_at") WHERE "phase" IN ('approved', 'declined', 'exchanged');
