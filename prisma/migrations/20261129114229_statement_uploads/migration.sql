-- Statement uploads (issue 37): the file's bytes in chunks between the upload and the worker's import,
-- the import's size and progress in bytes, its CSV layout, and the CSV layouts a scope remembers.
-- AlterTable
ALTER TABLE "statement_imports" ADD COLUMN     "bytes_processed" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "csv_layout" JSONB,
ADD COLUMN     "file_bytes" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "upload_id" UUID;

-- CreateTable
CREATE TABLE "statement_file_chunks" (
    "upload_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "statement_file_chunks_pkey" PRIMARY KEY ("upload_id","seq")
);

-- CreateTable
CREATE TABLE "csv_layouts" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "header_signature" TEXT NOT NULL,
    "layout" JSONB NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "csv_layouts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "csv_layouts_scope_id_header_signature_key" ON "csv_layouts"("scope_id", "header_signature");

-- AddForeignKey
ALTER TABLE "csv_layouts" ADD CONSTRAINT "csv_layouts_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

