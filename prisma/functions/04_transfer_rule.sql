-- The own-account transfer rule, defined once: why a row counts as a transfer between the scope's own
-- accounts ('person', 'tracked_account', 'owner_name'), or NULL. The person's mark wins both ways;
-- then the other party's IBAN among the scope's tracked accounts; then the other party's name equal
-- to the account holder's (01_other_party.sql says who the other party is). Read-time SQL
-- (lib/accounttracking/transactions/transfers.ts) and the maintained figures' triggers
-- (06_figures.sql) both call it; the API serialises its answer (isTransfer, transferSource), which
-- the UI shows. No table fires anything here.

-- The scope's own IBANs as the rule compares them: one read of its tracked accounts. Not inlinable
-- (an aggregate), so callers compute it once per scope, never per row.
CREATE OR REPLACE FUNCTION ll_own_ibans(p_scope uuid) RETURNS text[]
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(ll_iban_key(o.iban)) FILTER (WHERE o.iban IS NOT NULL), '{}')
    FROM tracked_accounts o WHERE o.scope_id = p_scope
$$;

-- `ibans`: ll_own_ibans of the row's scope; `owner`: the holder name of the row's account. A plain
-- one-CASE SQL function, IMMUTABLE, so the planner inlines it into each query.
CREATE OR REPLACE FUNCTION ll_transfer_source(transfer_override boolean, amount numeric, creditor_iban text, debtor_iban text,
                                              ultimate_creditor text, creditor_name text, ultimate_debtor text,
                                              debtor_name text, ibans text[], owner text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN transfer_override IS NOT NULL THEN CASE WHEN transfer_override THEN 'person' END
    WHEN ll_iban_key(ll_other_party(amount, creditor_iban, debtor_iban)) = ANY(ibans) THEN 'tracked_account'
    WHEN lower(btrim(ll_other_party_name(amount, creditor_name, ultimate_creditor, debtor_name, ultimate_debtor)))
         = lower(btrim(owner)) THEN 'owner_name'
  END
$$;

-- Whether the row is a transfer, for the figures' triggers.
CREATE OR REPLACE FUNCTION ll_is_transfer(transfer_override boolean, amount numeric, creditor_iban text, debtor_iban text,
                                          ultimate_creditor text, creditor_name text, ultimate_debtor text, debtor_name text,
                                          ibans text[], owner text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT ll_transfer_source(transfer_override, amount, creditor_iban, debtor_iban, ultimate_creditor, creditor_name,
                            ultimate_debtor, debtor_name, ibans, owner) IS NOT NULL
$$;
