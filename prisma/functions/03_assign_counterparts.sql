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
-- the intermediary's (02_counterpart_party_keys.sql). Each round resolves rows by known keys and, when
-- nothing more resolves, seeds new counterparts (03_counterpart_rounds.sql).
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
