-- Categories (a transaction's one category, a counterpart's default, a scope's set) and the in-app
-- notifications (issue 36). The scopes that exist get the default set of lib/categories/defaults.ts,
-- written out here as it stood when this migration was made (new scopes get it from
-- provisionCategories).
-- CreateEnum
CREATE TYPE "category_source" AS ENUM ('person', 'rule', 'counterpart');

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "category_id" UUID,
ADD COLUMN     "category_rule_id" UUID,
ADD COLUMN     "category_source" "category_source",
ADD COLUMN     "person_fields" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "counterparts" ADD COLUMN     "default_category_id" UUID;

-- CreateTable
CREATE TABLE "categories" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "key" TEXT,
    "name" TEXT NOT NULL,
    "parent_id" UUID,
    "position" INTEGER NOT NULL DEFAULT 0,
    "merged_into_id" UUID,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "categories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "user_id" UUID,
    "kind" TEXT NOT NULL,
    "severity" TEXT NOT NULL DEFAULT 'warning',
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "href" TEXT,
    "subject_type" TEXT,
    "subject_id" TEXT,
    "dedupe_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "categories_scope_id_parent_id_idx" ON "categories"("scope_id", "parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "categories_scope_id_key_key" ON "categories"("scope_id", "key");

-- CreateIndex
CREATE INDEX "notifications_scope_id_created_at_idx" ON "notifications"("scope_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_scope_id_dedupe_key_key" ON "notifications"("scope_id", "dedupe_key");

-- CreateIndex
CREATE INDEX "transactions_scope_id_category_id_sort_date_idx" ON "transactions"("scope_id", "category_id", "sort_date");

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "counterparts" ADD CONSTRAINT "counterparts_default_category_id_fkey" FOREIGN KEY ("default_category_id") REFERENCES "categories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "categories" ADD CONSTRAINT "categories_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The default set for every existing scope: parents first, then their children.
INSERT INTO "categories" ("id", "scope_id", "key", "name", "position")
SELECT gen_random_uuid(), s."id", d.key, d.name, d.position
  FROM "scopes" s
 CROSS JOIN (VALUES ('income', 'Income', 0), ('housing', 'Housing and premises', 1), ('taxes', 'Taxes', 2),
                    ('fees', 'Bank fees', 3), ('insurance', 'Insurance', 4), ('software', 'Software and subscriptions', 5),
                    ('travel', 'Travel and transport', 6), ('suppliers', 'Suppliers', 7), ('payroll', 'Payroll', 8),
                    ('groceries', 'Groceries', 9), ('dining', 'Food and dining', 10), ('cash', 'Cash withdrawals', 11),
                    ('own_transfers', 'Transfers between own accounts', 12), ('other', 'Other', 13)) AS d(key, name, position)
ON CONFLICT DO NOTHING;

INSERT INTO "categories" ("id", "scope_id", "key", "name", "position", "parent_id")
SELECT gen_random_uuid(), p."scope_id", d.key, d.name, d.position, p."id"
  FROM (VALUES ('salary', 'Salary', 0, 'income'), ('sales', 'Sales and customer payments', 1, 'income'),
               ('refunds', 'Refunds', 2, 'income'), ('rent', 'Rent', 3, 'housing'), ('utilities', 'Utilities', 4, 'housing'))
       AS d(key, name, position, parent)
  JOIN "categories" p ON p."key" = d.parent
ON CONFLICT DO NOTHING;
