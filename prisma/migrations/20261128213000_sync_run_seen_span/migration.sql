-- How much of its window a run has read: the oldest and newest dates of the rows it has written,
-- moved with each page in the page's transaction (lib/sync/page-write.ts).
ALTER TABLE "sync_runs" ADD COLUMN "seen_from" TEXT,
ADD COLUMN "seen_to" TEXT;
