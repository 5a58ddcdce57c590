-- The lookup's kept answers per scope, company, subset and provider (freshness: lib/datasets/freshness.ts),
-- and the company-data providers' health per hour and circuit breakers, shared by every instance
-- (lib/datasets/provider-guard.ts).
-- CreateTable
CREATE TABLE "company_data_snapshots" (
    "scope_id" UUID NOT NULL,
    "country" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "subset" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "record_url" TEXT,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "company_data_snapshots_pkey" PRIMARY KEY ("scope_id","country","number","subset","provider")
);

-- CreateTable
CREATE TABLE "company_provider_health" (
    "provider" TEXT NOT NULL,
    "hour" TIMESTAMPTZ(0) NOT NULL,
    "served" INTEGER NOT NULL DEFAULT 0,
    "not_found" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "rate_limited" INTEGER NOT NULL DEFAULT 0,
    "last_failure_at" TIMESTAMPTZ(3),
    "last_failure_reason" TEXT,

    CONSTRAINT "company_provider_health_pkey" PRIMARY KEY ("provider","hour")
);

-- CreateTable
CREATE TABLE "company_provider_circuits" (
    "provider" TEXT NOT NULL,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "opened_at" TIMESTAMPTZ(3),

    CONSTRAINT "company_provider_circuits_pkey" PRIMARY KEY ("provider")
);

-- AddForeignKey
ALTER TABLE "company_data_snapshots" ADD CONSTRAINT "company_data_snapshots_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

