-- Who a transaction is with, defined once (docs/DESIGN "Counterparts"): the other party is the
-- creditor of a debit (money out) and the debtor of a credit; behind an intermediary (a shop paid
-- through Adyen, Stripe or PayPal) the party is the ultimate one the bank names, while the IBAN stays
-- the account the money went to or came from. A zero amount counts as a credit.
-- Read by everything that needs it: the counterpart match keys (02_counterpart_keys.sql), the
-- own-account transfer rule (04_transfer_rule.sql), the API's transaction serialisation
-- (lib/accounttracking/transactions/transactions.ts: counterpartName, counterpartIban), the
-- counterpart detail's bank names and reconcile's pairing (lib/sync/reconcile.ts).
-- No table fires anything here. Plain one-expression SQL functions, IMMUTABLE, so the planner
-- inlines them into each query: a row costs what the CASE written out would.

-- The value of the other party's side: `creditor` on a debit, `debtor` on a credit.
CREATE OR REPLACE FUNCTION ll_other_party(amount numeric, creditor text, debtor text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN amount < 0 THEN creditor ELSE debtor END
$$;

-- The other party's name: the ultimate party's where one is named, else the direct party's.
CREATE OR REPLACE FUNCTION ll_other_party_name(amount numeric, creditor_name text, ultimate_creditor text,
                                               debtor_name text, ultimate_debtor text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ll_other_party(amount, coalesce(ultimate_creditor, creditor_name), coalesce(ultimate_debtor, debtor_name))
$$;

-- An IBAN as the rules compare it: upper case, no spaces (banks print it in groups of four).
CREATE OR REPLACE FUNCTION ll_iban_key(iban text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT upper(replace(iban, ' ', ''))
$$;
