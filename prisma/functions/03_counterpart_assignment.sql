-- Counterpart assignment: the page path (assign_counterparts over the page's rows, called per page by
-- lib/counterparts/assign.ts inside the page's transaction) and the whole-account path
-- (assign_counterparts_backfill, over the account's distinct parties). Both run the same rounds:
-- resolve by known keys, and when nothing more resolves, seed new counterparts. The keys come from
-- 02_counterpart_keys.sql; candidates go into a round as parallel arrays: an id and its party keys.
-- No table fires anything here.

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

-- The account's rows without a counterpart (only the page's rows when p_external_ids is given) and
-- their party keys: what each step of assign_counterparts below starts from. A plain SQL function
-- (STABLE, not STRICT, no SET clause) so the planner inlines it into each statement that reads it:
-- the statement is planned whole, and its custom plan still folds the p_external_ids test.
CREATE OR REPLACE FUNCTION counterpart_unassigned_rows(p_account uuid, p_external_ids text[])
RETURNS TABLE (id uuid, raw_name text, iban text, cid text, mandate text, name_key text)
LANGUAGE sql STABLE AS $$
  SELECT t.id, p.raw_name, p.iban, p.cid, p.mandate, p.name_key
    FROM transactions t
    CROSS JOIN LATERAL counterpart_party_keys(t.amount, t.creditor_name, t.creditor_iban, t.ultimate_creditor,
                                              t.debtor_name, t.debtor_iban, t.ultimate_debtor, t.creditor_id, t.mandate_id) p
   WHERE t.account_id = p_account AND t.counterpart_id IS NULL
     AND (p_external_ids IS NULL OR t.external_id = ANY(p_external_ids))
$$;

-- Assigns counterparts to the account's rows that have none: the page's rows when p_external_ids is
-- given (rows the bank changed in this transaction are derived again first), else every such row.
-- plan_cache_mode: it filters with `p_external_ids IS NULL OR external_id = ANY(p_external_ids)`.
-- After five calls plpgsql switches to a generic plan, which cannot fold that test and scans every
-- row of the account on each page (quadratic over a long sync). Custom plans cost a little planning
-- per statement and keep the (account_id, external_id) index lookups.
CREATE OR REPLACE FUNCTION assign_counterparts(p_scope uuid, p_account uuid, p_external_ids text[]) RETURNS integer
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $fn$
DECLARE
  assigned integer := 0;
  n integer;
  rounds integer := 0;
BEGIN
  -- The whole account: the same rounds over its distinct parties (assign_counterparts_backfill).
  IF p_external_ids IS NULL THEN
    RETURN assign_counterparts_backfill(p_scope, p_account);
  END IF;
  -- Rows the bank changed in this transaction are derived again.
  UPDATE transactions SET counterpart_id = NULL
   WHERE account_id = p_account AND external_id = ANY(p_external_ids)
     AND counterpart_id IS NOT NULL AND updated_at = now()::timestamptz(3);
  LOOP
    rounds := rounds + 1;
    UPDATE transactions t SET counterpart_id = r.counterpart_id
      FROM (SELECT array_agg(u.id) AS ids, array_agg(u.iban) AS ibans, array_agg(u.cid) AS cids,
                   array_agg(u.mandate) AS mandates, array_agg(u.name_key) AS name_keys
              FROM counterpart_unassigned_rows(p_account, p_external_ids) u) c
     CROSS JOIN LATERAL counterpart_resolve_round(p_scope, c.ids, c.ibans, c.cids, c.mandates, c.name_keys) r
     WHERE t.id = r.resolved_id;
    GET DIAGNOSTICS n = ROW_COUNT;
    assigned := assigned + n;
    EXIT WHEN rounds > 40;
    -- The common case (every row of the page is a party seen before): done in one statement.
    EXIT WHEN rounds = 1 AND n >= cardinality(p_external_ids);
    -- Keys learned just now can resolve more rows: resolve again before creating anything.
    CONTINUE WHEN n > 0;

    SELECT counterpart_seed_round(p_scope, rounds, array_agg(u.id), array_agg(u.raw_name), array_agg(u.iban),
                                  array_agg(u.cid), array_agg(u.mandate), array_agg(u.name_key))
      INTO n FROM counterpart_unassigned_rows(p_account, p_external_ids) u;
    EXIT WHEN n = 0;
  END LOOP;
  RETURN assigned;
END
$fn$;

-- The whole-account step of assign_counterparts (which calls it when no page is given): the same
-- rounds, over the account's distinct parties instead of its rows.
-- Why: an account names few parties many times. Run per row, every round evaluated the name key's
-- regular expressions, probed the keys and ranked every unassigned row again, and wrote each row once
-- per round it resolved in (127 s for 1,000,000 rows and 1,000 parties). Here the party fields of the
-- unassigned rows are grouped once (as the page upsert in lib/sync/upsert.ts groups a page), each
-- party's keys are derived once, the rounds run over the parties, and one UPDATE writes the rows.
-- Same result as the rounds over rows: all rows of a party carry the same keys, and each party stands
-- for its rows by its smallest id, the row the per-row ranking (ORDER BY kind, value, id) puts first,
-- so the same rows seed the same counterparts under the same names.
CREATE OR REPLACE FUNCTION assign_counterparts_backfill(p_scope uuid, p_account uuid) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  assigned integer;
  n integer;
  rounds integer := 0;
BEGIN
  -- A second call in one transaction finds the first call's table (dropped only at commit).
  DROP TABLE IF EXISTS pg_temp.counterpart_backfill_parties;
  -- The party: the sign and the eight party fields, keyed by their row text (NULL and '' differ in it),
  -- which the final UPDATE looks up. The smallest id as text in "C" order is uuid order.
  CREATE TEMP TABLE counterpart_backfill_parties ON COMMIT DROP AS
  SELECT g.party, g.rep::uuid AS id, k.raw_name, k.iban, k.cid, k.mandate, k.name_key, NULL::uuid AS cp
    FROM (SELECT ROW(t.amount < 0, t.creditor_name, t.creditor_iban, t.ultimate_creditor, t.debtor_name, t.debtor_iban,
                     t.ultimate_debtor, t.creditor_id, t.mandate_id)::text AS party,
                 min(t.id::text COLLATE "C") AS rep,
                 bool_or(t.amount < 0) AS debit,
                 min(t.creditor_name) AS creditor_name, min(t.creditor_iban) AS creditor_iban,
                 min(t.ultimate_creditor) AS ultimate_creditor, min(t.debtor_name) AS debtor_name,
                 min(t.debtor_iban) AS debtor_iban, min(t.ultimate_debtor) AS ultimate_debtor,
                 min(t.creditor_id) AS creditor_id, min(t.mandate_id) AS mandate_id
            FROM transactions t
           WHERE t.account_id = p_account AND t.counterpart_id IS NULL
           GROUP BY 1) g
    CROSS JOIN LATERAL counterpart_party_keys(CASE WHEN g.debit THEN -1 ELSE 1 END, g.creditor_name, g.creditor_iban,
                                              g.ultimate_creditor, g.debtor_name, g.debtor_iban, g.ultimate_debtor,
                                              g.creditor_id, g.mandate_id) k;
  -- A hash index: the final UPDATE only looks a party up by equality, and a btree's entries are
  -- limited to ~2.7 kB where a bank's names are not.
  CREATE INDEX ON pg_temp.counterpart_backfill_parties USING hash (party);
  ANALYZE pg_temp.counterpart_backfill_parties;

  -- The rounds of assign_counterparts, a party standing for its rows.
  LOOP
    rounds := rounds + 1;
    UPDATE counterpart_backfill_parties p SET cp = r.counterpart_id
      FROM (SELECT array_agg(c.id) AS ids, array_agg(c.iban) AS ibans, array_agg(c.cid) AS cids,
                   array_agg(c.mandate) AS mandates, array_agg(c.name_key) AS name_keys
              FROM counterpart_backfill_parties c WHERE c.cp IS NULL) c
     CROSS JOIN LATERAL counterpart_resolve_round(p_scope, c.ids, c.ibans, c.cids, c.mandates, c.name_keys) r
     WHERE p.id = r.resolved_id;
    GET DIAGNOSTICS n = ROW_COUNT;
    EXIT WHEN rounds > 40;
    -- Keys learned just now can resolve more parties: resolve again before creating anything.
    CONTINUE WHEN n > 0;

    SELECT counterpart_seed_round(p_scope, rounds, array_agg(c.id), array_agg(c.raw_name), array_agg(c.iban),
                                  array_agg(c.cid), array_agg(c.mandate), array_agg(c.name_key))
      INTO n FROM counterpart_backfill_parties c WHERE c.cp IS NULL;
    EXIT WHEN n = 0;
  END LOOP;

  -- Each row once, its party's counterpart looked up by the same row text in the parties' index. As a
  -- scalar subquery, not a join: a join's order follows the estimate of the account's rows without a
  -- counterpart, which right after every row lost its counterpart (statistics not yet refreshed) is
  -- about none. The planner then put the parties outside and compared each with every row of the
  -- account (a nested loop over 1,001 parties × 1,000,000 rows, cancelled after 10 minutes). As a
  -- lookup per row the whole assignment took 78.1 s under those statistics and 76.1 s with fresh ones.
  -- A party that got no counterpart (no name nor any key) leaves its rows unwritten.
  UPDATE transactions t
     SET counterpart_id = (SELECT c.cp FROM counterpart_backfill_parties c
                            WHERE c.party = ROW(t.amount < 0, t.creditor_name, t.creditor_iban, t.ultimate_creditor, t.debtor_name,
                                                t.debtor_iban, t.ultimate_debtor, t.creditor_id, t.mandate_id)::text)
   WHERE t.account_id = p_account AND t.counterpart_id IS NULL
     AND (SELECT c.cp FROM counterpart_backfill_parties c
           WHERE c.party = ROW(t.amount < 0, t.creditor_name, t.creditor_iban, t.ultimate_creditor, t.debtor_name,
                               t.debtor_iban, t.ultimate_debtor, t.creditor_id, t.mandate_id)::text) IS NOT NULL;
  GET DIAGNOSTICS assigned = ROW_COUNT;
  DROP TABLE pg_temp.counterpart_backfill_parties;
  RETURN assigned;
END
$fn$;
