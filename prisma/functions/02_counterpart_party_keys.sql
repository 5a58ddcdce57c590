-- One definition of a transaction's counterpart match keys, used by assign_counterparts (03_assign_counterparts.sql) and
-- by the page upsert in lib/sync/ingest.ts, so the fast path and the full step can never disagree.
-- The party is the creditor on debits and the debtor on credits; behind an intermediary (an ultimate
-- party is named) only the ultimate party's name identifies it: IBAN, creditor id and mandate then
-- belong to the intermediary.
CREATE OR REPLACE FUNCTION counterpart_party_keys(
  amount numeric, creditor_name text, creditor_iban text, ultimate_creditor text,
  debtor_name text, debtor_iban text, ultimate_debtor text, creditor_id text, mandate_id text
) RETURNS TABLE (raw_name text, iban text, cid text, mandate text, name_key text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT q.raw_name,
         CASE WHEN q.via THEN NULL ELSE nullif(upper(replace(CASE WHEN q.debit THEN creditor_iban ELSE debtor_iban END, ' ', '')), '') END,
         CASE WHEN q.via OR NOT q.debit THEN NULL ELSE nullif(creditor_id, '') END,
         CASE WHEN q.via OR NOT q.debit THEN NULL ELSE nullif(mandate_id, '') END,
         counterpart_name_key(q.raw_name)
    FROM (SELECT amount < 0 AS debit) d
    CROSS JOIN LATERAL (
      SELECT CASE WHEN d.debit THEN coalesce(ultimate_creditor, creditor_name) ELSE coalesce(ultimate_debtor, debtor_name) END AS raw_name,
             CASE WHEN d.debit THEN ultimate_creditor ELSE ultimate_debtor END IS NOT NULL AS via,
             d.debit) q
$$;
