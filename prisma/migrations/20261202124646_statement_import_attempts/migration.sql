-- Which start of a statement import its running worker holds, so a worker restarted away from it
-- (its heartbeat went stale) can neither end nor fail the start that replaced it.
-- AlterTable
ALTER TABLE "statement_imports" ADD COLUMN     "attempt" INTEGER NOT NULL DEFAULT 0;

