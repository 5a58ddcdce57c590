-- CreateEnum
CREATE TYPE "rule_origin" AS ENUM ('default', 'person', 'suggestion');

-- CreateTable
CREATE TABLE "rules" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "key" TEXT,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "conditions" JSONB NOT NULL,
    "actions" JSONB NOT NULL,
    "origin" "rule_origin" NOT NULL DEFAULT 'person',
    "failed_at" TIMESTAMPTZ(3),
    "failure" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rule_applications" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "rule_id" UUID NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "changed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "undone_at" TIMESTAMPTZ(3),

    CONSTRAINT "rule_applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rule_application_changes" (
    "application_id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "category_id" UUID,
    "category_source" "category_source",
    "category_rule_id" UUID,
    "tags" TEXT[],
    "note" TEXT,
    "transfer_override" BOOLEAN,
    "bound_counterpart_id" UUID,

    CONSTRAINT "rule_application_changes_pkey" PRIMARY KEY ("application_id","transaction_id")
);

-- CreateTable
CREATE TABLE "rule_suggestion_dismissals" (
    "scope_id" UUID NOT NULL,
    "counterpart_id" UUID NOT NULL,
    "category_id" UUID NOT NULL,
    "dismissed_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rule_suggestion_dismissals_pkey" PRIMARY KEY ("scope_id","counterpart_id","category_id")
);

-- CreateIndex
CREATE INDEX "rules_scope_id_position_idx" ON "rules"("scope_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "rules_scope_id_key_key" ON "rules"("scope_id", "key");

-- CreateIndex
CREATE INDEX "rule_applications_scope_id_created_at_idx" ON "rule_applications"("scope_id", "created_at");

-- AddForeignKey
ALTER TABLE "rules" ADD CONSTRAINT "rules_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rule_application_changes" ADD CONSTRAINT "rule_application_changes_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "rule_applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The default rules (lib/rules/defaults.ts, as it read when this migration was written) for every
-- existing scope, after any rules it has, each with the scope's category of that key.
INSERT INTO "rules" ("id", "scope_id", "key", "name", "position", "origin", "conditions", "actions")
SELECT gen_random_uuid(), c."scope_id", d.key, d.name, d.position, 'default', d.conditions, jsonb_build_object('categoryId', c."id")
  FROM (VALUES
  ('taxes', 'Tax authorities', 'taxes', 0, '[{"type":"words","words":["belastingdienst","loonheffing","btw","finanzamt","impots","impôts","dgfip","hmrc","spf finances","fod financiën","agencia tributaria","agenzia entrate","skatteetaten","tax office","income tax","tax authority"],"in":"any"}]'::jsonb),
  ('payroll_code', 'Salaries paid (bank code)', 'payroll', 1, '[{"type":"direction","direction":"out"},{"type":"bankTransactionCode","codes":["PMNT-ICDT-SALA"]}]'::jsonb),
  ('payroll_words', 'Salaries and pensions paid', 'payroll', 2, '[{"type":"direction","direction":"out"},{"type":"words","words":["salary","salaris","loon","salaire","gehalt","lohn","pension","pensioen","sueldo","stipendio"],"in":"any"}]'::jsonb),
  ('salary', 'Salary received', 'salary', 3, '[{"type":"direction","direction":"in"},{"type":"words","words":["salary","salaris","loon","salaire","gehalt","lohn","sueldo","stipendio"],"in":"any"}]'::jsonb),
  ('rent', 'Rent', 'rent', 4, '[{"type":"direction","direction":"out"},{"type":"words","words":["rent","loyer","huur","miete","alquiler","affitto"],"in":"any"}]'::jsonb),
  ('insurance', 'Insurance', 'insurance', 5, '[{"type":"words","words":["insurance","assurance","verzekering","versicherung","assicurazion","seguro","allianz","axa"],"in":"any"}]'::jsonb),
  ('utilities', 'Energy, water and phone', 'utilities', 6, '[{"type":"words","words":["electricity","energie","énergie","strom","gas","water","eau","vodafone","telenet","proximus","orange","kpn"],"in":"any"}]'::jsonb),
  ('fees', 'Bank fees', 'fees', 7, '[{"type":"direction","direction":"out"},{"type":"words","words":["bank fee","fee","frais bancaires","bankkosten","kosten rekening","gebühr","commission","charges"],"in":"any"}]'::jsonb),
  ('software', 'Software and subscriptions', 'software', 8, '[{"type":"direction","direction":"out"},{"type":"words","words":["microsoft","google","atlassian","adobe","github","slack","dropbox","zoom","exact online","software","subscription","abonnement"],"in":"any"}]'::jsonb),
  ('cash', 'Cash withdrawals', 'cash', 9, '[{"type":"direction","direction":"out"},{"type":"words","words":["atm","geldautomaat","retrait","bargeld","cash withdrawal"],"in":"any"}]'::jsonb),
  ('groceries', 'Groceries by card', 'groceries', 10, '[{"type":"bankTransactionCode","codes":["PMNT-CCRD"]},{"type":"words","words":["albert heijn","jumbo","lidl","aldi","carrefour","delhaize","colruyt","rewe","edeka","tesco","spar","makro","metro","intermarché","auchan","monoprix"],"in":"any"}]'::jsonb),
  ('dining', 'Cafés and restaurants by card', 'dining', 11, '[{"type":"bankTransactionCode","codes":["PMNT-CCRD"]},{"type":"words","words":["cafe","café","coffee","restaurant","bistro","brasserie","bakery","bakkerij","starbucks","lunch"],"in":"any"}]'::jsonb),
  ('travel', 'Fuel, tolls, hotels and trains', 'travel', 12, '[{"type":"direction","direction":"out"},{"type":"words","words":["shell","esso","aral","totalenergies","texaco","toll","péage","hotel","ibis","ns reizen","sncb","nmbs","deutsche bahn","sncf","uber","klm","ryanair","travelcard","fuel"],"in":"any"}]'::jsonb),
  ('refunds', 'Refunds', 'refunds', 13, '[{"type":"direction","direction":"in"},{"type":"words","words":["refund","terugbetaling","remboursement","erstattung","rückerstattung","reembolso"],"in":"any"}]'::jsonb),
  ('interest', 'Interest received', 'income', 14, '[{"type":"direction","direction":"in"},{"type":"words","words":["interest","rente","intérêts","zinsen","intereses"],"in":"any"}]'::jsonb),
  ('sales', 'Customer payments of invoices', 'sales', 15, '[{"type":"direction","direction":"in"},{"type":"words","words":["inv","invoice","factuur","facture","rechnung","fattura","factura"],"in":"any"}]'::jsonb),
  ('suppliers', 'Invoices paid', 'suppliers', 16, '[{"type":"direction","direction":"out"},{"type":"words","words":["invoice","factuur","facture","rechnung","fattura","factura"],"in":"any"}]'::jsonb)
  ) AS d(key, name, category, position, conditions)
  JOIN "categories" c ON c."key" = d.category
ON CONFLICT DO NOTHING;
