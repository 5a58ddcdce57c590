-- Words searched in an account's transactions (lib/accounttracking/transaction-filter.ts) by trigram
-- index instead of reading every row: on a 1,000,000-row account a rare word took 2.1 s (npm run
-- bench). The text is the bank's fields, the person's note and tags, and the IBANs without their
-- spaces, so one expression answers what two did. concat_ws and array_to_string are STABLE only
-- because of other types' output functions; over text they are immutable, which the index needs.
CREATE FUNCTION ll_search_text(remittance_information text, creditor_name text, ultimate_creditor text,
                               debtor_name text, ultimate_debtor text, creditor_iban text, debtor_iban text,
                               creditor_id text, mandate_id text, entry_reference text, external_id text,
                               bank_transaction_code text, note text, tags text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', remittance_information, creditor_name, ultimate_creditor, debtor_name, ultimate_debtor,
                   creditor_iban, debtor_iban, creditor_id, mandate_id, entry_reference, external_id,
                   bank_transaction_code, note, array_to_string(tags, ' '),
                   replace(concat_ws(' ', creditor_iban, debtor_iban), ' ', ''))
$$;

CREATE INDEX transactions_search_trgm_idx ON transactions USING gin (
  ll_search_text(remittance_information, creditor_name, ultimate_creditor, debtor_name, ultimate_debtor, creditor_iban,
                 debtor_iban, creditor_id, mandate_id, entry_reference, external_id, bank_transaction_code, note, tags)
  gin_trgm_ops);

-- A word typed as an amount matches the amount's size.
CREATE INDEX transactions_abs_amount_idx ON transactions (abs(amount));
