-- Stats versions (schema.prisma StatsVersion): the account figures' cache (account_stats_cache,
-- lib/accounttracking/accounts/stats-cache.ts) and read-your-writes on a replica
-- (lib/accounttracking/accounts/read-after-writes.ts) compare them, so every write that can change an
-- account's figures must bump them, whoever writes:
--   transactions      transactions_stats_insert  AFTER INSERT, per statement  transactions_stats_inserted
--   transactions      transactions_stats_delete  AFTER DELETE, per statement  transactions_stats_deleted
--   transactions      transactions_stats_update  AFTER UPDATE, per statement  transactions_stats_updated
--   tracked_accounts  tracked_accounts_stats     AFTER INSERT OR DELETE OR UPDATE OF iban, owner_name,
--                                                scope_id, per row              tracked_accounts_stats_changed
-- Statement-level with transition tables: one bump per account a statement touched, not per row, and
-- on UPDATE only when a column the figures read changed (a re-sync that only marks rows as seen leaves
-- the cache valid). A scope's tracked accounts (their IBANs and holders' names) decide which rows are
-- own-account transfers for every account of the scope: any change there bumps the scope's version.

CREATE OR REPLACE FUNCTION bump_stats_versions(subjects uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_versions (subject_id, version)
  SELECT DISTINCT s, 1 FROM unnest(subjects) s WHERE s IS NOT NULL ORDER BY 1
  ON CONFLICT (subject_id) DO UPDATE SET version = stats_versions.version + 1;
$$;

CREATE OR REPLACE FUNCTION transactions_stats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_stats_versions(ARRAY(SELECT DISTINCT account_id FROM new_rows));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION transactions_stats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_stats_versions(ARRAY(SELECT DISTINCT account_id FROM old_rows));
  RETURN NULL;
END $$;

-- The pairing of a statement's old and new rows by id: transition tables carry no statistics, so the
-- planner takes each for one row and joins them in a nested loop, 1,000 × 1,000 comparisons on every
-- page a sync upserts or assigns (0.6 s a page, most of a re-sync's time). With nested loops off
-- inside this function the pairing is a hash join, linear in the rows.
CREATE OR REPLACE FUNCTION transactions_stats_updated() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off AS $$
BEGIN
  PERFORM bump_stats_versions(ARRAY(
    SELECT DISTINCT n.account_id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE (o.account_id, o.status, o.amount, o.currency, o.sort_date, o.removed_at, o.transfer_override,
            o.creditor_name, o.creditor_iban, o.ultimate_creditor, o.debtor_name, o.debtor_iban, o.ultimate_debtor)
           IS DISTINCT FROM
           (n.account_id, n.status, n.amount, n.currency, n.sort_date, n.removed_at, n.transfer_override,
            n.creditor_name, n.creditor_iban, n.ultimate_creditor, n.debtor_name, n.debtor_iban, n.ultimate_debtor)));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION tracked_accounts_stats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_stats_versions(ARRAY[NEW.scope_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_stats_versions(ARRAY[OLD.scope_id]);
  ELSE
    PERFORM bump_stats_versions(ARRAY[OLD.scope_id, NEW.scope_id]);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER transactions_stats_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_stats_inserted();
CREATE OR REPLACE TRIGGER transactions_stats_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_stats_deleted();
CREATE OR REPLACE TRIGGER transactions_stats_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_stats_updated();
CREATE OR REPLACE TRIGGER tracked_accounts_stats AFTER INSERT OR DELETE OR UPDATE OF iban, owner_name, scope_id ON tracked_accounts
  FOR EACH ROW EXECUTE FUNCTION tracked_accounts_stats_changed();
