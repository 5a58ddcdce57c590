-- The whole-account step of assign_counterparts (03_assign_counterparts.sql calls it when no page is
-- given): the same rounds, over the account's distinct parties instead of its rows.
-- Why: an account names few parties many times. Run per row, every round evaluated the name key's
-- regular expressions, probed the keys and ranked every unassigned row again, and wrote each row once
-- per round it resolved in (127 s for 1,000,000 rows and 1,000 parties). Here the party fields of the
-- unassigned rows are grouped once (as the page upsert in lib/sync/ingest.ts groups a page), each
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
