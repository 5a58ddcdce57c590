-- The `officers` subset type joins the platform's catalogue (lib/datasets/catalogue.ts): backfilled
-- for every scope that has the company dataset; new scopes get it from provisionDataRegistry.
INSERT INTO "subset_types" ("id", "scope_id", "dataset_id", "key", "name", "description", "position")
SELECT gen_random_uuid(), d."scope_id", d."id", 'officers', 'Officers and roles',
       'Directors, managing directors, board members and secretaries, with when they were appointed.', 5
  FROM "datasets" d
 WHERE d."key" = 'company'
ON CONFLICT ("scope_id", "key") DO NOTHING;

UPDATE "subset_types"
   SET "description" = 'Latest filed annual accounts: revenue, net result, equity, total assets, employees (each where the source gives it).'
 WHERE "key" = 'financials'
   AND "description" = 'Latest filed annual accounts: revenue, equity, total assets, employees.';
