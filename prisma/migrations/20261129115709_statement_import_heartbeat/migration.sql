-- A running statement import's last sign of life, so the repair tick restarts one whose worker died.
-- AlterTable
ALTER TABLE "statement_imports" ADD COLUMN     "heartbeat_at" TIMESTAMPTZ(3);

