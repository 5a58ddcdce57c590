-- A row's content_hash (lib/sync/bank-columns.ts contentHash, migration transaction_content_hash) must
-- describe the stored row, or a re-sync would skip a change the bank made:
--   transactions  transactions_content_hash_guard  BEFORE UPDATE OF the bank columns, per row, when they
--                                                  changed and the hash did not  transactions_content_hash_unknown
-- The sync's writers (the upsert, reconcile's pairing, the re-issue undo) write the hash with the
-- columns. Any other update that changes a bank column and leaves the hash as it was makes it NULL,
-- "not known", so the next sync compares that row in full. `UPDATE OF` the bank columns: an update
-- that names none of them (a counterpart assignment, a note, a transfer mark) does not even evaluate
-- the condition.
CREATE OR REPLACE FUNCTION transactions_content_hash_unknown() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.content_hash := NULL;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER transactions_content_hash_guard
  BEFORE UPDATE OF external_id, entry_reference, status, booking_date, value_date, sort_date, amount, currency,
    creditor_name, creditor_iban, ultimate_creditor, debtor_name, debtor_iban, ultimate_debtor, remittance_information,
    creditor_id, mandate_id, bank_transaction_code, end_to_end_id, proprietary_bank_transaction_code
  ON transactions
  FOR EACH ROW WHEN (OLD.content_hash IS NOT NULL AND NEW.content_hash IS NOT DISTINCT FROM OLD.content_hash AND
    (OLD.external_id, OLD.entry_reference, OLD.status, OLD.booking_date, OLD.value_date, OLD.sort_date, OLD.amount::text,
     OLD.currency, OLD.creditor_name, OLD.creditor_iban, OLD.ultimate_creditor, OLD.debtor_name, OLD.debtor_iban,
     OLD.ultimate_debtor, OLD.remittance_information, OLD.creditor_id, OLD.mandate_id, OLD.bank_transaction_code,
     OLD.end_to_end_id, OLD.proprietary_bank_transaction_code)
    IS DISTINCT FROM
    (NEW.external_id, NEW.entry_reference, NEW.status, NEW.booking_date, NEW.value_date, NEW.sort_date, NEW.amount::text,
     NEW.currency, NEW.creditor_name, NEW.creditor_iban, NEW.ultimate_creditor, NEW.debtor_name, NEW.debtor_iban,
     NEW.ultimate_debtor, NEW.remittance_information, NEW.creditor_id, NEW.mandate_id, NEW.bank_transaction_code,
     NEW.end_to_end_id, NEW.proprietary_bank_transaction_code))
  EXECUTE FUNCTION transactions_content_hash_unknown();
