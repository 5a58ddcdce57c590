-- A transaction's counterpart match keys, defined once: the page upsert (lib/sync/upsert.ts) and
-- assign_counterparts (03_counterpart_assignment.sql) both derive them here, so the fast path and the
-- full step can never disagree. The party is the other party (01_other_party.sql); behind an
-- intermediary (an ultimate party is named) only the ultimate party's name identifies it: IBAN,
-- creditor id and mandate then belong to the intermediary. No table fires anything here.

-- The normalised-name match key: lower case, dots dropped (B.V. → bv, bol.com → bolcom), a store
-- number with what follows it dropped (ALBERT HEIJN 1234 AMSTERDAM → albert heijn), punctuation to
-- spaces, legal forms dropped. NULL when nothing is left.
CREATE OR REPLACE FUNCTION counterpart_name_key(raw text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
           lower(translate(raw, '.', '')),
           '\s\d{3,}\s.*$', ''),
           '[^[:alnum:]]+', ' ', 'g'),
           '(^| )(bv|nv|gmbh|ltd|limited|sa|sas|sarl|srl|spa|ag|ab|se|plc|inc|llc|bvba|vof|cie|sca|et|co)(?= |$)', ' ', 'g'),
           ' +', ' ', 'g')), '')
$$;

-- A match key as counterpart_keys stores it: as it is, unless longer than 512 bytes, then its SHA-256.
-- Nothing bounds a bank's names and ids (the schemas say 70 characters; nothing enforces it), and a
-- key of several kB does not fit the table's btree key (~2.7 kB a row): the page's transaction failed
-- on every retry. Equal values still give equal keys; a name key never holds ':' (it is letters,
-- digits and spaces), so no short key can look like a digest.
CREATE OR REPLACE FUNCTION counterpart_key_value(v text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN octet_length(v) > 512 THEN 'sha256:' || encode(sha256(convert_to(v, 'UTF8')), 'hex') ELSE v END
$$;

-- The SEPA creditor id and the mandate are the collecting creditor's: they name the party of a debit
-- only (a credit's creditor is our own account holder).
CREATE OR REPLACE FUNCTION counterpart_party_keys(
  amount numeric, creditor_name text, creditor_iban text, ultimate_creditor text,
  debtor_name text, debtor_iban text, ultimate_debtor text, creditor_id text, mandate_id text
) RETURNS TABLE (raw_name text, iban text, cid text, mandate text, name_key text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT q.raw_name,
         counterpart_key_value(CASE WHEN NOT q.via THEN nullif(ll_iban_key(ll_other_party(amount, creditor_iban, debtor_iban)), '') END),
         counterpart_key_value(CASE WHEN NOT q.via THEN nullif(ll_other_party(amount, creditor_id, NULL), '') END),
         counterpart_key_value(CASE WHEN NOT q.via THEN nullif(ll_other_party(amount, mandate_id, NULL), '') END),
         counterpart_key_value(counterpart_name_key(q.raw_name))
    FROM (SELECT ll_other_party_name(amount, creditor_name, ultimate_creditor, debtor_name, ultimate_debtor) AS raw_name,
                 ll_other_party(amount, ultimate_creditor, ultimate_debtor) IS NOT NULL AS via) q
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
