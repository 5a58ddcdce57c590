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
-- The party is the creditor on debits and the debtor on credits; behind an intermediary (an ultimate
-- party is named) only the ultimate party's name identifies it, as IBAN, creditor id and mandate are
-- the intermediary's. A row joins the counterpart of its first known key in the order IBAN →
-- creditor id → mandate → name, and teaches that counterpart its other keys; rows with no known key
-- seed new counterparts, at most one per key value among rows that share one (so a page with the
-- same party under two IBANs and one name still yields one counterpart); the loop resolves again
-- until nothing more resolves before it seeds again.
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
  -- The whole account: the same rounds over its distinct parties (04_assign_counterparts_backfill.sql).
  IF p_external_ids IS NULL THEN
    RETURN assign_counterparts_backfill(p_scope, p_account);
  END IF;
  IF p_external_ids IS NOT NULL THEN
    UPDATE transactions SET counterpart_id = NULL
     WHERE account_id = p_account AND external_id = ANY(p_external_ids)
       AND counterpart_id IS NOT NULL AND updated_at = now()::timestamptz(3);
  END IF;
  LOOP
    rounds := rounds + 1;
    WITH c AS MATERIALIZED (
      SELECT u.id, u.iban, u.cid, u.mandate, u.name_key FROM counterpart_unassigned_rows(p_account, p_external_ids) u
    ), r AS (
      SELECT c.*, ki.counterpart_id AS by_iban, kc.counterpart_id AS by_cid, km.counterpart_id AS by_mandate, kn.counterpart_id AS by_name,
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
    UPDATE transactions t SET counterpart_id = r.cp FROM r WHERE t.id = r.id AND r.cp IS NOT NULL;
    GET DIAGNOSTICS n = ROW_COUNT;
    assigned := assigned + n;
    EXIT WHEN rounds > 40;
    -- The common case (every row of the page is a party seen before): done in one statement.
    EXIT WHEN p_external_ids IS NOT NULL AND rounds = 1 AND n >= cardinality(p_external_ids);
    -- Keys learned just now can resolve more rows: resolve again before creating anything.
    CONTINUE WHEN n > 0;

    WITH c AS (
      SELECT * FROM counterpart_unassigned_rows(p_account, p_external_ids)
    ), k AS (
      SELECT c.*, CASE WHEN c.iban IS NOT NULL THEN 'iban' WHEN c.cid IS NOT NULL THEN 'creditor_id'
                       WHEN c.mandate IS NOT NULL THEN 'mandate' ELSE 'name' END AS kind,
             coalesce(c.iban, c.cid, c.mandate, c.name_key) AS value
        FROM c
    ), ranked AS (
      SELECT k.*,
             row_number() OVER (PARTITION BY k.cid ORDER BY k.kind, k.value, k.id) AS rc,
             row_number() OVER (PARTITION BY k.mandate ORDER BY k.kind, k.value, k.id) AS rm,
             row_number() OVER (PARTITION BY k.name_key ORDER BY k.kind, k.value, k.id) AS rn
        FROM k WHERE k.value IS NOT NULL
    ), seeds AS MATERIALIZED (
      SELECT DISTINCT ON (kind, value) gen_random_uuid() AS new_id, kind, value, coalesce(raw_name, value) AS name
        FROM ranked
       -- After a few rounds (long chains of shared keys) every remaining key value seeds at once.
       WHERE rounds > 20 OR ((cid IS NULL OR rc = 1) AND (mandate IS NULL OR rm = 1) AND (name_key IS NULL OR rn = 1))
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
    EXIT WHEN n = 0;
  END LOOP;
  RETURN assigned;
END
$fn$;
