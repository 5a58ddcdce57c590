-- CreateEnum
CREATE TYPE "AccountTracking" AS ENUM ('tracking', 'stopped', 'archived');

-- AlterTable
ALTER TABLE "tracked_accounts" ADD COLUMN     "hidden" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "tracking_changed_at" TIMESTAMPTZ(3),
ADD COLUMN     "tracking_state" "AccountTracking" NOT NULL DEFAULT 'tracking';
