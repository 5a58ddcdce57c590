-- What a run has seen, one row per page (schema.prisma SyncRunPage): reconcile and the numbering of
-- id-less entries read it, so the page upsert need not write a transaction the bank left unchanged.
-- CreateTable
CREATE TABLE "sync_run_pages" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "external_ids" TEXT[],

    CONSTRAINT "sync_run_pages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sync_run_pages_run_id_idx" ON "sync_run_pages"("run_id");

