-- A row's content_hash (lib/sync/bank-columns.ts contentHash): SHA-256 of the bank's values as the
-- sync wrote them, so a re-sync tells an unchanged row by comparing 32 bytes (lib/sync/ingest.ts).
-- Rows stored before it exist get NULL, "not known": the next sync compares them in full and stores
-- their hash (a write nothing reads: no change number, no figures, updated_at as it was).

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "content_hash" BYTEA;

-- A stored hash must describe the stored row: a trigger makes it NULL when an update changes a bank
-- column and leaves the hash as it was.
-- Its functions and triggers now live in prisma/functions/08_content_hash.sql, applied after the
-- migrations and again whenever it changes; databases that ran the original text are accepted by
-- its checksum (rewritten.json).
