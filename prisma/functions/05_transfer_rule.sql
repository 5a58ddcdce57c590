-- The own-account transfer rule, once: why a row counts as a transfer between the scope's own
-- accounts ('person', 'tracked_account', 'owner_name'), or NULL. The person's mark wins both ways; then
-- the other side's IBAN among the scope's tracked accounts (`ibans`, normalised: upper case, no
-- spaces); then the other side's name equal to the account holder's (`owner`). Read-time SQL
-- (lib/accounttracking/transfers.ts) and the maintained figures' triggers both call it. A plain
-- one-CASE SQL function, IMMUTABLE, so the planner inlines it into each query.
CREATE OR REPLACE FUNCTION ll_transfer_source(transfer_override boolean, amount numeric, creditor_iban text, debtor_iban text,
                                              ultimate_creditor text, creditor_name text, ultimate_debtor text,
                                              debtor_name text, ibans text[], owner text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN transfer_override IS NOT NULL THEN CASE WHEN transfer_override THEN 'person' END
    WHEN upper(replace(CASE WHEN amount < 0 THEN creditor_iban ELSE debtor_iban END, ' ', '')) = ANY(ibans) THEN 'tracked_account'
    WHEN lower(btrim(CASE WHEN amount < 0 THEN coalesce(ultimate_creditor, creditor_name)
                          ELSE coalesce(ultimate_debtor, debtor_name) END)) = lower(btrim(owner)) THEN 'owner_name'
  END
$$;

-- Whether the row is a transfer (migration counterpart_figures created it with the rule written out;
-- replaced here so the rule lives in ll_transfer_source alone).
CREATE OR REPLACE FUNCTION ll_is_transfer(transfer_override boolean, amount numeric, creditor_iban text, debtor_iban text,
                                          ultimate_creditor text, creditor_name text, ultimate_debtor text, debtor_name text,
                                          ibans text[], owner text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT ll_transfer_source(transfer_override, amount, creditor_iban, debtor_iban, ultimate_creditor, creditor_name,
                            ultimate_debtor, debtor_name, ibans, owner) IS NOT NULL
$$;
