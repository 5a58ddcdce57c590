-- Trigram indexes for the "contains" searches (clients `search`, counterparts `q`): ILIKE '%q%'
-- cannot use a b-tree. pg_trgm ships with PostgreSQL (contrib; embedded PostgreSQL 18 has it) and
-- is a trusted extension, so a database owner may create it. Not declared in schema.prisma
-- (that needs the postgresqlExtensions preview), so `prisma migrate diff` leaves it alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "clients_display_name_trgm" ON "clients" USING GIN ("display_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "counterparts_name_trgm" ON "counterparts" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "counterparts_alias_trgm" ON "counterparts" USING GIN ("alias" gin_trgm_ops);

