-- CreateEnum
CREATE TYPE "ConsentStatus" AS ENUM ('pending', 'valid', 'rejected', 'expired', 'revoked', 'renewed');

-- CreateTable
CREATE TABLE "tracking_registrations" (
    "scope_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "activated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tracking_registrations_pkey" PRIMARY KEY ("scope_id","user_id")
);

-- CreateTable
CREATE TABLE "consents" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "integration_name" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "expiry_days" INTEGER NOT NULL,
    "bank_id" TEXT,
    "bank_name" TEXT,
    "country_code" CHAR(2),
    "external_id" TEXT,
    "status" "ConsentStatus" NOT NULL DEFAULT 'pending',
    "status_reason" TEXT,
    "valid_until" TEXT,
    "bank_date" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "authorized_at" TIMESTAMPTZ(3),
    "last_checked_at" TIMESTAMPTZ(3),
    "renews_consent_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consent_authorizations" (
    "id" UUID NOT NULL,
    "consent_id" UUID NOT NULL,
    "integration_name" TEXT NOT NULL,
    "state_hash" TEXT NOT NULL,
    "binding_hash" TEXT,
    "return_to" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "outcome" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consent_authorizations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "consents_scope_id_created_at_id_idx" ON "consents"("scope_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "consents_integration_name_bank_id_external_id_key" ON "consents"("integration_name", "bank_id", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "consent_authorizations_state_hash_key" ON "consent_authorizations"("state_hash");

-- CreateIndex
CREATE INDEX "consent_authorizations_consent_id_idx" ON "consent_authorizations"("consent_id");

-- AddForeignKey
ALTER TABLE "tracking_registrations" ADD CONSTRAINT "tracking_registrations_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracking_registrations" ADD CONSTRAINT "tracking_registrations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consents" ADD CONSTRAINT "consents_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consent_authorizations" ADD CONSTRAINT "consent_authorizations_consent_id_fkey" FOREIGN KEY ("consent_id") REFERENCES "consents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

