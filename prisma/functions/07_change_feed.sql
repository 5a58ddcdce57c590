-- The change feed (lib/changes, docs/api-decisions.md "Change feed"): which transactions were added,
-- modified or removed since a cursor, numbered in the same transaction as the change itself.
--   transactions  transactions_change_feed_insert  BEFORE INSERT, per row, when not numbered (change_seq = 0)  transactions_change_feed
--   transactions  transactions_change_feed_update  BEFORE UPDATE, per row, when what the API shows changed     transactions_change_feed
--   transactions  transactions_change_feed_delete  BEFORE DELETE, per row                                       transactions_change_feed
-- Every insert, every update that changes what the API shows of a row, and every delete takes the next
-- number of one sequence (transaction_change_seq): inserts and updates into the row's change_seq (an
-- insert also into created_seq), deletes into a tombstone. So no writer (the sync's upsert and
-- reconcile, a re-issue undo, a person's binding, transfer mark, note or tags, any future one) can
-- change a row without the feed seeing it, and a rolled-back change leaves only a gap. A re-sync that
-- finds a row unchanged gives it no number: the update trigger's WHEN compares before calling anything.
-- The sync's page upsert (lib/sync/upsert.ts) numbers its new rows itself, under the same lock, as
-- this trigger would: calling PL/pgSQL once per row cost that statement ~3.6 ms a page of 1,000 rows,
-- and a WHEN is evaluated without a call. Any writer that numbers its rows must hold change_feed_lock
-- for the row's scope and account before it takes the number.
--
-- Order. A number is taken only while its writer holds two advisory locks until it commits: its
-- account's exclusively and its scope's shared (change_feed_lock). So an account's numbers commit in
-- the order they were taken, and a reader of one account that has seen number n will never later find
-- a smaller one committed. A reader of a whole scope takes the scope's lock exclusively for the moment
-- of its read (change_feed_read_lock): it waits for the writes in flight and then sees no write half
-- done. Writers take the locks before their first row lock (lockChangeFeed in lib/changes/lock.ts),
-- so two writers of one account never deadlock; the trigger takes them again, cheaply, as a guard.

-- The writer's locks. Two-key advisory locks: a keyspace of their own, apart from the single-key locks
-- the rest of the application takes. The trigger below restates the same keys inline (a function call
-- per row would cost more than the lock itself).
CREATE OR REPLACE FUNCTION change_feed_lock(scope uuid, account uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1280066374, hashtext(scope::text));
  PERFORM pg_advisory_xact_lock(1280066375, hashtext(account::text));
END $$;

-- A scope reader's lock: no writer of the scope is in flight while it is held.
CREATE OR REPLACE FUNCTION change_feed_read_lock(scope uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1280066374, hashtext(scope::text));
END $$;

-- Per row, so it is kept cheap: the locks and the number are plain expressions (PL/pgSQL evaluates
-- an assignment without a query; a PERFORM would run one per row); taking a lock this transaction
-- already holds is a lookup in the backend's own lock table.
CREATE OR REPLACE FUNCTION transactions_change_feed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  locked boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    locked := (pg_advisory_xact_lock_shared(1280066374, hashtext(OLD.scope_id::text))::text
               || pg_advisory_xact_lock(1280066375, hashtext(OLD.account_id::text))::text) IS NOT NULL;
    INSERT INTO transaction_tombstones (seq, scope_id, account_id, transaction_id, created_seq)
    VALUES (nextval('transaction_change_seq'), OLD.scope_id, OLD.account_id, OLD.id, OLD.created_seq);
    RETURN OLD;
  END IF;
  locked := (pg_advisory_xact_lock_shared(1280066374, hashtext(NEW.scope_id::text))::text
             || pg_advisory_xact_lock(1280066375, hashtext(NEW.account_id::text))::text) IS NOT NULL;
  NEW.change_seq := nextval('transaction_change_seq');
  IF TG_OP = 'INSERT' THEN
    NEW.created_seq := NEW.change_seq;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER transactions_change_feed_insert BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION transactions_change_feed();
CREATE OR REPLACE TRIGGER transactions_change_feed_delete BEFORE DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_change_feed();
-- What the API shows of a row (lib/accounttracking/transactions/transactions.ts TRANSACTION_FIELDS):
-- the bank's fields (the amount as text: 1150.00 and 1150 read differently), the counterpart it
-- counts under, whether a person bound it, the transfer mark, whether it is removed, the person's
-- note and tags, and the category (and who set it). A row that stays removed takes no number: no
-- reader is shown it.
CREATE OR REPLACE TRIGGER transactions_change_feed_update BEFORE UPDATE ON transactions
  FOR EACH ROW WHEN ((OLD.removed_at IS NULL OR NEW.removed_at IS NULL) AND
    (OLD.external_id, OLD.entry_reference, OLD.status, OLD.booking_date, OLD.value_date, OLD.amount::text, OLD.currency,
     OLD.creditor_name, OLD.creditor_iban, OLD.ultimate_creditor, OLD.debtor_name, OLD.debtor_iban, OLD.ultimate_debtor,
     OLD.remittance_information, OLD.creditor_id, OLD.mandate_id, OLD.bank_transaction_code, OLD.end_to_end_id,
     OLD.proprietary_bank_transaction_code, coalesce(OLD.bound_counterpart_id, OLD.counterpart_id),
     OLD.bound_counterpart_id IS NULL, OLD.transfer_override, OLD.removed_at IS NULL, OLD.note, OLD.tags,
     OLD.category_id, OLD.category_source)
    IS DISTINCT FROM
    (NEW.external_id, NEW.entry_reference, NEW.status, NEW.booking_date, NEW.value_date, NEW.amount::text, NEW.currency,
     NEW.creditor_name, NEW.creditor_iban, NEW.ultimate_creditor, NEW.debtor_name, NEW.debtor_iban, NEW.ultimate_debtor,
     NEW.remittance_information, NEW.creditor_id, NEW.mandate_id, NEW.bank_transaction_code, NEW.end_to_end_id,
     NEW.proprietary_bank_transaction_code, coalesce(NEW.bound_counterpart_id, NEW.counterpart_id),
     NEW.bound_counterpart_id IS NULL, NEW.transfer_override, NEW.removed_at IS NULL, NEW.note, NEW.tags,
     NEW.category_id, NEW.category_source))
  EXECUTE FUNCTION transactions_change_feed();
