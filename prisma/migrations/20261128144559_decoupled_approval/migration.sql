-- Decoupled approval: the bank's SCA status link of a consent the account holder approves in their
-- banking app (lib/accounttracking/consents/check-decoupled.ts).
-- AlterTable
ALTER TABLE "consent_authorizations" ADD COLUMN     "sca_status_url" TEXT;

