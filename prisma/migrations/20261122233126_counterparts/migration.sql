-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "bound_counterpart_id" UUID,
ADD COLUMN     "counterpart_id" UUID;

-- CreateTable
CREATE TABLE "counterparts" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "alias" TEXT,
    "merged_into_id" UUID,
    "consolidation_id" UUID,
    "parent_id" UUID,
    "entity_type" TEXT,
    "entity_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "counterparts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "counterpart_keys" (
    "scope_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "counterpart_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "counterpart_keys_pkey" PRIMARY KEY ("scope_id","kind","value")
);

-- CreateTable
CREATE TABLE "counterpart_consolidations" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "target_id" UUID NOT NULL,
    "member_ids" UUID[],
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMPTZ(3),

    CONSTRAINT "counterpart_consolidations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "counterparts_scope_id_merged_into_id_idx" ON "counterparts"("scope_id", "merged_into_id");

-- CreateIndex
CREATE INDEX "counterparts_scope_id_parent_id_idx" ON "counterparts"("scope_id", "parent_id");

-- CreateIndex
CREATE INDEX "counterparts_consolidation_id_idx" ON "counterparts"("consolidation_id");

-- CreateIndex
CREATE INDEX "counterpart_keys_counterpart_id_idx" ON "counterpart_keys"("counterpart_id");

-- CreateIndex
CREATE INDEX "counterpart_consolidations_scope_id_created_at_idx" ON "counterpart_consolidations"("scope_id", "created_at");

-- AddForeignKey
ALTER TABLE "counterparts" ADD CONSTRAINT "counterparts_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "counterpart_keys" ADD CONSTRAINT "counterpart_keys_counterpart_id_fkey" FOREIGN KEY ("counterpart_id") REFERENCES "counterparts"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: what the Prisma schema cannot express.
ALTER TABLE "counterpart_keys" ADD CONSTRAINT "counterpart_keys_kind_check" CHECK ("kind" IN ('iban', 'creditor_id', 'mandate', 'name'));
ALTER TABLE "counterparts" ADD CONSTRAINT "counterparts_not_own_parent" CHECK ("parent_id" IS NULL OR "parent_id" <> "id");
ALTER TABLE "counterparts" ADD CONSTRAINT "counterparts_not_merged_into_self" CHECK ("merged_into_id" IS NULL OR "merged_into_id" <> "id");
ALTER TABLE "counterparts" ADD CONSTRAINT "counterparts_entity_pair" CHECK (("entity_type" IS NULL) = ("entity_id" IS NULL));
ALTER TABLE "counterparts" ADD CONSTRAINT "counterparts_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "counterparts"("id") ON DELETE SET NULL;
ALTER TABLE "counterparts" ADD CONSTRAINT "counterparts_merged_into_id_fkey" FOREIGN KEY ("merged_into_id") REFERENCES "counterparts"("id") ON DELETE SET NULL;
-- New rows arrive with both columns NULL, so these checks cost nothing on the ingest hot path.
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_counterpart_id_fkey" FOREIGN KEY ("counterpart_id") REFERENCES "counterparts"("id") ON DELETE SET NULL;
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bound_counterpart_id_fkey" FOREIGN KEY ("bound_counterpart_id") REFERENCES "counterparts"("id") ON DELETE SET NULL;
-- A counterpart's transactions (its effective id: the manual binding, else the derived one), newest first.
CREATE INDEX "transactions_effective_counterpart_idx" ON "transactions" ((coalesce("bound_counterpart_id", "counterpart_id")), "sort_date", "id");
