-- The change feed's insert trigger is skipped for a row that arrives numbered: the sync's page
-- upsert (lib/sync/upsert.ts) takes the feed's writer lock once for the statement (change_feed_lock,
-- before it takes any number) and gives each new row its number itself, as this trigger would
-- (change_seq from transaction_change_seq, created_seq the same). Calling PL/pgSQL once per row cost
-- that statement ~3.6 ms a page of 1,000 rows; a trigger's WHEN is evaluated without a call.
--
-- Every other insert leaves change_seq at its default (0) and is numbered here, under the lock, as
-- before: the re-issue undo, and any writer that does not number its rows. A writer that does must
-- hold change_feed_lock for the row's scope and account before it takes the number (the order the
-- feed's readers rely on: migration transaction_change_feed); updates and deletes are unchanged.
DROP TRIGGER transactions_change_feed_insert ON transactions;
CREATE TRIGGER transactions_change_feed_insert BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION transactions_change_feed();
