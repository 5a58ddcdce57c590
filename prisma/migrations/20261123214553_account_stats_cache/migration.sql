-- CreateTable
CREATE TABLE "stats_versions" (
    "subject_id" UUID NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "stats_versions_pkey" PRIMARY KEY ("subject_id")
);

-- CreateTable
CREATE TABLE "account_stats_cache" (
    "account_id" UUID NOT NULL,
    "account_version" BIGINT NOT NULL,
    "scope_version" BIGINT NOT NULL,
    "payload" JSONB NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_stats_cache_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE INDEX "transactions_account_id_first_seen_run_id_idx" ON "transactions"("account_id", "first_seen_run_id");

-- AddForeignKey
ALTER TABLE "account_stats_cache" ADD CONSTRAINT "account_stats_cache_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "tracked_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Pending rows of an account, for the sync window's "oldest pending entry" (lib/sync/window.ts): a few
-- rows among up to a million booked ones. Partial, so not expressible in schema.prisma.
CREATE INDEX "transactions_pending_sort_idx" ON "transactions"("account_id", "sort_date") WHERE status = 'pending' AND removed_at IS NULL;

-- Stats versions (see schema.prisma, StatsVersion). Statement-level triggers with transition tables:
-- one bump per account a statement touched, not per row, and on UPDATE only when a column the
-- figures read changed (so a re-sync that only marks rows as seen leaves the cache valid).
CREATE FUNCTION bump_stats_versions(subjects uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_versions (subject_id, version)
  SELECT DISTINCT s, 1 FROM unnest(subjects) s WHERE s IS NOT NULL ORDER BY 1
  ON CONFLICT (subject_id) DO UPDATE SET version = stats_versions.version + 1;
$$;

CREATE FUNCTION transactions_stats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_stats_versions(ARRAY(SELECT DISTINCT account_id FROM new_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION transactions_stats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_stats_versions(ARRAY(SELECT DISTINCT account_id FROM old_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION transactions_stats_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER transactions_stats_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_stats_inserted();
CREATE TRIGGER transactions_stats_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_stats_deleted();
CREATE TRIGGER transactions_stats_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_stats_updated();

-- A scope's tracked accounts (their IBANs and holders' names) decide which transactions are own-account
-- transfers for every account of the scope: any change there bumps the scope's version.
CREATE FUNCTION tracked_accounts_stats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER tracked_accounts_stats AFTER INSERT OR DELETE OR UPDATE OF iban, owner_name, scope_id ON tracked_accounts
  FOR EACH ROW EXECUTE FUNCTION tracked_accounts_stats_changed();
