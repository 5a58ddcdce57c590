-- One definition of a transaction's counterpart match keys, used by assign_counterparts (03_assign_counterparts.sql) and
-- by the page upsert in lib/sync/ingest.ts, so the fast path and the full step can never disagree.
-- The party is the creditor on debits and the debtor on credits; behind an intermediary (an ultimate
-- party is named) only the ultimate party's name identifies it: IBAN, creditor id and mandate then
-- belong to the intermediary.
-- A match key as counterpart_keys stores it: as it is, unless longer than 512 bytes, then its SHA-256.
-- Nothing bounds a bank's names and ids (the schemas say 70 characters; nothing enforces it), and a
-- key of several kB does not fit the table's btree key (~2.7 kB a row): the page's transaction failed
-- on every retry. Equal values still give equal keys; a name key never holds ':' (it is letters,
-- digits and spaces), so no short key can look like a digest.
CREATE OR REPLACE FUNCTION counterpart_key_value(v text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN octet_length(v) > 512 THEN 'sha256:' || encode(sha256(convert_to(v, 'UTF8')), 'hex') ELSE v END
$$;

CREATE OR REPLACE FUNCTION counterpart_party_keys(
  amount numeric, creditor_name text, creditor_iban text, ultimate_creditor text,
  debtor_name text, debtor_iban text, ultimate_debtor text, creditor_id text, mandate_id text
) RETURNS TABLE (raw_name text, iban text, cid text, mandate text, name_key text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT q.raw_name,
         counterpart_key_value(CASE WHEN q.via THEN NULL
                                    ELSE nullif(upper(replace(CASE WHEN q.debit THEN creditor_iban ELSE debtor_iban END, ' ', '')), '') END),
         counterpart_key_value(CASE WHEN q.via OR NOT q.debit THEN NULL ELSE nullif(creditor_id, '') END),
         counterpart_key_value(CASE WHEN q.via OR NOT q.debit THEN NULL ELSE nullif(mandate_id, '') END),
         counterpart_key_value(counterpart_name_key(q.raw_name))
    FROM (SELECT amount < 0 AS debit) d
    CROSS JOIN LATERAL (
      SELECT CASE WHEN d.debit THEN coalesce(ultimate_creditor, creditor_name) ELSE coalesce(ultimate_debtor, debtor_name) END AS raw_name,
             CASE WHEN d.debit THEN ultimate_creditor ELSE ultimate_debtor END IS NOT NULL AS via,
             d.debit) q
$$;

-- The counterpart that owns one match key of a scope (no row when the key is unknown). Used as
-- `LEFT JOIN LATERAL counterpart_key_owner(scope, kind, value) ON true`, it is always one primary-key
-- probe per row: LIMIT 1 keeps the planner from flattening it into a join, which on a freshly grown
-- counterpart_keys (statistics not yet refreshed, e.g. a scope's first sync) it planned as a rescan of
-- every key of that kind per row, 1.2 s for a page of 1,000 new parties.
CREATE OR REPLACE FUNCTION counterpart_key_owner(p_scope uuid, p_kind text, p_value text)
RETURNS TABLE (counterpart_id uuid)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT k.counterpart_id FROM counterpart_keys k
   WHERE k.scope_id = p_scope AND k.kind = p_kind AND k.value = p_value
   LIMIT 1
$$;
