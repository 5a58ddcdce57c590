-- A transaction's note and tags (the person's words, shown by the API) are changes of the row too:
-- the change feed's update trigger now compares them as well.
DROP TRIGGER transactions_change_feed_update ON transactions;
-- What the API shows of a row (lib/accounttracking/transactions.ts TRANSACTION_COLUMNS): the bank's
-- fields (the amount as text: 1150.00 and 1150 read differently), the counterpart it counts under,
-- whether a person bound it, the transfer mark, whether it is removed, and the person's note and tags. A row that stays removed
-- takes no number: no reader is shown it.
CREATE TRIGGER transactions_change_feed_update BEFORE UPDATE ON transactions
  FOR EACH ROW WHEN ((OLD.removed_at IS NULL OR NEW.removed_at IS NULL) AND
    (OLD.external_id, OLD.entry_reference, OLD.status, OLD.booking_date, OLD.value_date, OLD.amount::text, OLD.currency,
     OLD.creditor_name, OLD.creditor_iban, OLD.ultimate_creditor, OLD.debtor_name, OLD.debtor_iban, OLD.ultimate_debtor,
     OLD.remittance_information, OLD.creditor_id, OLD.mandate_id, OLD.bank_transaction_code, OLD.end_to_end_id,
     OLD.proprietary_bank_transaction_code, coalesce(OLD.bound_counterpart_id, OLD.counterpart_id),
     OLD.bound_counterpart_id IS NULL, OLD.transfer_override, OLD.removed_at IS NULL, OLD.note, OLD.tags)
    IS DISTINCT FROM
    (NEW.external_id, NEW.entry_reference, NEW.status, NEW.booking_date, NEW.value_date, NEW.amount::text, NEW.currency,
     NEW.creditor_name, NEW.creditor_iban, NEW.ultimate_creditor, NEW.debtor_name, NEW.debtor_iban, NEW.ultimate_debtor,
     NEW.remittance_information, NEW.creditor_id, NEW.mandate_id, NEW.bank_transaction_code, NEW.end_to_end_id,
     NEW.proprietary_bank_transaction_code, coalesce(NEW.bound_counterpart_id, NEW.counterpart_id),
     NEW.bound_counterpart_id IS NULL, NEW.transfer_override, NEW.removed_at IS NULL, NEW.note, NEW.tags))
  EXECUTE FUNCTION transactions_change_feed();
