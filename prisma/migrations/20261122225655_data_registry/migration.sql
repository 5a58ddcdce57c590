-- CreateEnum
CREATE TYPE "ProfileTarget" AS ENUM ('global', 'entity', 'profession');

-- CreateTable
CREATE TABLE "datasets" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "datasets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subset_types" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "dataset_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subset_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dataset_profiles" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "target" "ProfileTarget" NOT NULL,
    "entity_type" TEXT,
    "entity_id" TEXT,
    "profession" TEXT,
    "sub_profession" TEXT,
    "subset_selection" TEXT[],
    "provider_priorities" TEXT[],
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "usage_count" INTEGER NOT NULL DEFAULT 0,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dataset_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "datasets_scope_id_key_key" ON "datasets"("scope_id", "key");

-- CreateIndex
CREATE INDEX "subset_types_dataset_id_idx" ON "subset_types"("dataset_id");

-- CreateIndex
CREATE UNIQUE INDEX "subset_types_scope_id_key_key" ON "subset_types"("scope_id", "key");

-- CreateIndex
CREATE INDEX "dataset_profiles_scope_id_created_at_id_idx" ON "dataset_profiles"("scope_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "dataset_profiles_scope_id_target_is_default_idx" ON "dataset_profiles"("scope_id", "target", "is_default");

-- AddForeignKey
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subset_types" ADD CONSTRAINT "subset_types_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subset_types" ADD CONSTRAINT "subset_types_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataset_profiles" ADD CONSTRAINT "dataset_profiles_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written (the Prisma schema cannot express these); written to be safe to re-run.

-- At most one default profile per target: global, each (entity_type, entity_id), each
-- (profession, sub_profession). The application clears the old default under an advisory lock;
-- this index is the final guard.
CREATE UNIQUE INDEX IF NOT EXISTS "dataset_profiles_one_default_per_target"
    ON "dataset_profiles" ("scope_id", "target", COALESCE("entity_type", ''), COALESCE("entity_id", ''),
                           COALESCE("profession", ''), COALESCE("sub_profession", ''))
    WHERE "is_default";

-- A profile carries exactly the fields of its target.
DO $$ BEGIN
    ALTER TABLE "dataset_profiles" ADD CONSTRAINT "dataset_profiles_target_fields" CHECK (
        ("target" = 'global' AND "entity_type" IS NULL AND "entity_id" IS NULL AND "profession" IS NULL AND "sub_profession" IS NULL)
     OR ("target" = 'entity' AND "entity_type" IS NOT NULL AND "entity_id" IS NOT NULL AND "profession" IS NULL AND "sub_profession" IS NULL)
     OR ("target" = 'profession' AND "profession" IS NOT NULL AND "entity_type" IS NULL AND "entity_id" IS NULL));
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

DO $$ BEGIN
    ALTER TABLE "dataset_profiles" ADD CONSTRAINT "dataset_profiles_usage_count_nonnegative" CHECK ("usage_count" >= 0);
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

-- Backfill the registry for scopes that exist already (new scopes are provisioned by
-- lib/datasets/provision.ts; keep the two catalogues in step).
INSERT INTO "datasets" ("id", "scope_id", "key", "name", "description")
SELECT gen_random_uuid(), s."id", 'company', 'Company data',
       'Facts about a company from official registers and data providers, fetched by company lookups.'
  FROM "scopes" s
ON CONFLICT ("scope_id", "key") DO NOTHING;

INSERT INTO "subset_types" ("id", "scope_id", "dataset_id", "key", "name", "description", "position")
SELECT gen_random_uuid(), d."scope_id", d."id", t.key, t.name, t.description, t.position
  FROM "datasets" d
 CROSS JOIN (VALUES
    ('information', 'Company information', 'Legal name, legal form, status, registered address and registration authority.', 1),
    ('financials', 'Financials', 'Latest filed annual accounts: revenue, equity, total assets, employees.', 2),
    ('rating', 'Credit rating', 'Credit score and rating band with the date it was assessed.', 3),
    ('shareholders', 'Shareholders and ownership', 'Shareholders or parent entities with ownership where reported.', 4)
 ) AS t(key, name, description, position)
 WHERE d."key" = 'company'
ON CONFLICT ("scope_id", "key") DO NOTHING;
