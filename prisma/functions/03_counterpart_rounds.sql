-- The two steps of every assignment round, shared by the page path (assign_counterparts, over rows)
-- and the whole-account path (assign_counterparts_backfill, over parties, each standing for its rows
-- by its smallest id). Candidates come in as parallel arrays: an id and its party keys.

-- Resolve: each candidate joins the counterpart of its first known key in the order IBAN → creditor
-- id → mandate → name, and teaches that counterpart its other keys. Returns the resolved candidates.
CREATE OR REPLACE FUNCTION counterpart_resolve_round(p_scope uuid, p_ids uuid[], p_ibans text[], p_cids text[],
                                                     p_mandates text[], p_name_keys text[])
RETURNS TABLE (resolved_id uuid, counterpart_id uuid)
LANGUAGE plpgsql AS $fn$
BEGIN
  RETURN QUERY
  WITH c AS (
    SELECT * FROM unnest(p_ids, p_ibans, p_cids, p_mandates, p_name_keys) AS c(id, iban, cid, mandate, name_key)
  ), r AS (
    SELECT c.id, c.iban, c.cid, c.mandate, c.name_key,
           ki.counterpart_id AS by_iban, kc.counterpart_id AS by_cid, km.counterpart_id AS by_mandate, kn.counterpart_id AS by_name,
           coalesce(ki.counterpart_id, kc.counterpart_id, km.counterpart_id, kn.counterpart_id) AS cp
      FROM c
      LEFT JOIN LATERAL counterpart_key_owner(p_scope, 'iban', c.iban) ki ON true
      LEFT JOIN LATERAL counterpart_key_owner(p_scope, 'creditor_id', c.cid) kc ON true
      LEFT JOIN LATERAL counterpart_key_owner(p_scope, 'mandate', c.mandate) km ON true
      LEFT JOIN LATERAL counterpart_key_owner(p_scope, 'name', c.name_key) kn ON true
  ), learned AS (
    INSERT INTO counterpart_keys (scope_id, kind, value, counterpart_id)
    SELECT p_scope, x.kind, x.value, r.cp
      FROM r CROSS JOIN LATERAL (VALUES ('iban', r.iban, r.by_iban), ('creditor_id', r.cid, r.by_cid),
                                        ('mandate', r.mandate, r.by_mandate), ('name', r.name_key, r.by_name)) AS x(kind, value, known)
     WHERE r.cp IS NOT NULL AND x.value IS NOT NULL AND x.known IS NULL
    ON CONFLICT DO NOTHING
  )
  SELECT r.id, r.cp FROM r WHERE r.cp IS NOT NULL;
END
$fn$;

-- Seed: candidates with no known key seed new counterparts, at most one per key value among those
-- that share one (so the same party under two IBANs and one name still yields one counterpart); from
-- round 21 on (long chains of shared keys) every remaining key value seeds at once. The counterpart is
-- named after the first candidate in (kind, value, id) order. Returns how many keys were created.
CREATE OR REPLACE FUNCTION counterpart_seed_round(p_scope uuid, p_round integer, p_ids uuid[], p_raw_names text[],
                                                  p_ibans text[], p_cids text[], p_mandates text[], p_name_keys text[])
RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  n integer;
BEGIN
  WITH k AS (
    SELECT c.*, CASE WHEN c.iban IS NOT NULL THEN 'iban' WHEN c.cid IS NOT NULL THEN 'creditor_id'
                     WHEN c.mandate IS NOT NULL THEN 'mandate' ELSE 'name' END AS kind,
           coalesce(c.iban, c.cid, c.mandate, c.name_key) AS value
      FROM unnest(p_ids, p_raw_names, p_ibans, p_cids, p_mandates, p_name_keys) AS c(id, raw_name, iban, cid, mandate, name_key)
  ), ranked AS (
    SELECT k.*,
           row_number() OVER (PARTITION BY k.cid ORDER BY k.kind, k.value, k.id) AS rc,
           row_number() OVER (PARTITION BY k.mandate ORDER BY k.kind, k.value, k.id) AS rm,
           row_number() OVER (PARTITION BY k.name_key ORDER BY k.kind, k.value, k.id) AS rn
      FROM k WHERE k.value IS NOT NULL
  ), seeds AS MATERIALIZED (
    SELECT DISTINCT ON (kind, value) gen_random_uuid() AS new_id, kind, value, coalesce(raw_name, value) AS name
      FROM ranked
     WHERE p_round > 20 OR ((cid IS NULL OR rc = 1) AND (mandate IS NULL OR rm = 1) AND (name_key IS NULL OR rn = 1))
     ORDER BY kind, value, id
  ), created AS (
    INSERT INTO counterparts (id, scope_id, name, created_at, updated_at)
    SELECT new_id, p_scope, name, now(), now() FROM seeds
  )
  -- Every seed's counterpart is inserted by `created` (a data-modifying CTE always runs to completion,
  -- and the foreign key is checked at the end of the statement), so no join back to it: joined, two
  -- CTE scans the planner takes for one row each became a 1,000 × 1,000 nested loop on a page of
  -- new parties.
  INSERT INTO counterpart_keys (scope_id, kind, value, counterpart_id)
  SELECT p_scope, s.kind, s.value, s.new_id FROM seeds s
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END
$fn$;
