-- A company client keeps the registry's identifiers it was created from (a counterpart bound to a
-- registry company, PUT …/counterparts/{id}/company): one client per country and number in a scope.
-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "lei" TEXT,
ADD COLUMN     "registration_number" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "clients_scope_id_country_code_registration_number_key" ON "clients"("scope_id", "country_code", "registration_number");

