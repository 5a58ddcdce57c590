-- The catalogue says where a rating comes from (lib/datasets/catalogue.ts): no public register gives
-- one, only the sandbox registry, a simulator. Scopes keep a description they changed themselves.
UPDATE "subset_types"
   SET "description" = 'Credit score and rating band with the date it was assessed. No public register gives one: only the sandbox registry (a simulator) serves it.'
 WHERE "key" = 'rating'
   AND "description" = 'Credit score and rating band with the date it was assessed.';
