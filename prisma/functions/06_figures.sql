-- The maintained figures (docs/architecture.md "Maintained figures"): counterpart_figures, per
-- (account, effective counterpart, currency), the rows that count (live, with a counterpart, not an
-- own-account transfer); account_day_figures, per (account, day, currency, status, sign of the
-- amount, transfer flag), every live row. Kept by triggers in the transaction of whatever wrote the
-- rows, so no writer can forget them and a crash never leaves figures that disagree with the rows:
--   transactions      transactions_counterpart_figures_insert      AFTER INSERT, per statement  counterpart_figures_on_rows
--   transactions      transactions_counterpart_figures_delete      AFTER DELETE, per statement  counterpart_figures_on_rows
--   transactions      transactions_counterpart_figures_update      AFTER UPDATE, per statement  counterpart_figures_on_update
--   tracked_accounts  tracked_accounts_counterpart_figures_insert  AFTER INSERT, per statement  counterpart_figures_on_accounts_insert_delete
--   tracked_accounts  tracked_accounts_counterpart_figures_delete  AFTER DELETE, per statement  counterpart_figures_on_accounts_insert_delete
--   tracked_accounts  tracked_accounts_counterpart_figures_update  AFTER UPDATE, per statement  counterpart_figures_on_accounts_update
--   tracked_accounts  tracked_accounts_figures_lock                BEFORE INSERT OR DELETE, per row  tracked_accounts_lock_figures
--   tracked_accounts  tracked_accounts_figures_lock_update         BEFORE UPDATE OF iban, owner_name, scope_id, per row
--                                                                  (when one changed)  tracked_accounts_lock_figures
-- A statement's rows are read once, each with its sign (+1 coming in, -1 leaving) and its transfer
-- flag (04_transfer_rule.sql), and the differences are added (the *_apply functions). A change in a
-- scope's own IBANs or an account's holder name rebuilds that scope's figures. And the file computes
-- the figures of accounts whose rows came before the figures' tables (at its end).
--
-- Rebuilds and additions of one scope never overlap (ll_lock_scope_figures). A rebuild deletes the
-- scope's figures and computes them again from the rows it can see; an addition computes its rows'
-- transfer flags from the scope's accounts it can see. Unserialised, a sync page committing while an
-- account of its scope was tracked left figures that disagree with the rows: its rows were in
-- neither the rebuild nor counted with the new account's IBAN, or the rebuild inserted a figure the
-- page had just added (a unique violation, so tracking the account failed with 409). So a write that
-- rebuilds a scope holds the scope's figures lock exclusively from before its first row (BEFORE ROW
-- on tracked_accounts, so no lock of its own comes first), and each statement that adds to a scope's
-- figures holds it shared: syncs of one scope's accounts still add side by side.
--
-- Kept linear in a statement's rows. Transition tables carry no statistics and plpgsql keeps a
-- statement's plan for the connection's life, planned at its first call: for a pooled connection that
-- was a sync upsert's statement trigger with no row updated. So the pairing `old_rows JOIN new_rows ON
-- id` was a nested loop for every later statement too, 1,000 x 1,000 comparisons when a page's
-- counterpart step then assigned its 1,000 rows (~0.8 s of a first page's 1.1 s; seen with
-- auto_explain in the sync-steps bench). A FULL JOIN cannot be a nested loop, and OFFSET 0 keeps the
-- WHERE that needs both sides from turning it back into an inner join (a qual is never pushed below
-- an OFFSET). Every updated row has both versions, so the pairs are the same. The other joins stay
-- free to probe an index per row (tracked_accounts by id), which the stats trigger's `enable_nestloop
-- = off` would forbid. And the scope's own IBANs (`own`, one row per scope) are computed once,
-- MATERIALIZED: inlined, the planner (taking the statement's rows for one) joined them to each row by
-- a nested loop that read and sorted every row's scope again for each row, so a statement of n rows
-- cost n² (an UPDATE of 5,000 rows spent 7.9 s there, 20,000 rows 48 s).

-- The scopes' figures locks, for the rest of the transaction: shared to add to them, exclusive to
-- rebuild them. In one order (by key), so two writers of several scopes cannot wait on each other.
-- Transaction-scoped advisory locks, two-key with a class of their own ('LLFI'; the change feed's
-- are 07_change_feed.sql's): nothing to release, and they hold behind a transaction pooler. Each
-- statement after this one takes a new snapshot (READ COMMITTED), so it sees what the writer it
-- waited for committed.
CREATE OR REPLACE FUNCTION ll_lock_scope_figures(scopes uuid[], exclusive boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE k int;
BEGIN
  FOR k IN SELECT DISTINCT hashtext(s::text) FROM unnest(scopes) s WHERE s IS NOT NULL ORDER BY 1 LOOP
    IF exclusive THEN PERFORM pg_advisory_xact_lock(1280067145, k);
    ELSE PERFORM pg_advisory_xact_lock_shared(1280067145, k);
    END IF;
  END LOOP;
END $$;

-- Adds a statement's differences to the counterpart figures: one line per (account, counterpart,
-- currency) with the change in count, money in and out, the dates of the rows that came in and of
-- those that left. A bound (first or last date) that a leaving row held is read again from the
-- transactions, by the counterpart index and stopping at the first row that counts.
CREATE OR REPLACE FUNCTION counterpart_figures_apply(d_account uuid[], d_cp uuid[], d_currency text[], d_scope uuid[],
                                                     d_n int[], d_in numeric[], d_out numeric[],
                                                     d_add_first text[], d_add_last text[], d_rem_first text[], d_rem_last text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(d_account, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO counterpart_figures AS f (account_id, counterpart_id, currency, scope_id, count, sum_in, sum_out, first_date, last_date)
  SELECT * FROM unnest(d_account, d_cp, d_currency, d_scope, d_n, d_in, d_out, d_add_first, d_add_last)
  ORDER BY 1, 2, 3
  ON CONFLICT (account_id, counterpart_id, currency) DO UPDATE
     SET count = f.count + excluded.count, sum_in = f.sum_in + excluded.sum_in, sum_out = f.sum_out + excluded.sum_out,
         first_date = least(f.first_date, excluded.first_date), last_date = greatest(f.last_date, excluded.last_date);

  DELETE FROM counterpart_figures f
   USING unnest(d_account, d_cp, d_currency) AS d(account_id, cp, currency)
   WHERE f.account_id = d.account_id AND f.counterpart_id = d.cp AND f.currency = d.currency AND f.count <= 0;

  UPDATE counterpart_figures f
     SET first_date = CASE WHEN d.rem_first <= f.first_date THEN (
           SELECT t.sort_date FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id
            WHERE coalesce(t.bound_counterpart_id, t.counterpart_id) = f.counterpart_id AND t.account_id = f.account_id
              AND t.currency = f.currency AND t.removed_at IS NULL
              AND NOT ll_is_transfer(t.transfer_override, t.amount, t.creditor_iban, t.debtor_iban, t.ultimate_creditor,
                    t.creditor_name, t.ultimate_debtor, t.debtor_name, own.ibans, ta.owner_name)
            ORDER BY t.sort_date ASC LIMIT 1) ELSE f.first_date END,
         last_date = CASE WHEN d.rem_last >= f.last_date THEN (
           SELECT t.sort_date FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id
            WHERE coalesce(t.bound_counterpart_id, t.counterpart_id) = f.counterpart_id AND t.account_id = f.account_id
              AND t.currency = f.currency AND t.removed_at IS NULL
              AND NOT ll_is_transfer(t.transfer_override, t.amount, t.creditor_iban, t.debtor_iban, t.ultimate_creditor,
                    t.creditor_name, t.ultimate_debtor, t.debtor_name, own.ibans, ta.owner_name)
            ORDER BY t.sort_date DESC LIMIT 1) ELSE f.last_date END
    FROM unnest(d_account, d_cp, d_currency, d_scope, d_rem_first, d_rem_last) AS d(account_id, cp, currency, scope_id, rem_first, rem_last),
         LATERAL (SELECT ll_own_ibans(d.scope_id) AS ibans) own
   WHERE f.account_id = d.account_id AND f.counterpart_id = d.cp AND f.currency = d.currency
     AND (d.rem_first <= f.first_date OR d.rem_last >= f.last_date);
END $$;

-- Adds a statement's differences to the day figures, then drops the lines that came to nothing.
CREATE OR REPLACE FUNCTION account_day_figures_apply(d_account uuid[], d_day text[], d_currency text[], d_status "TransactionStatus"[],
                                                     d_sign smallint[], d_transfer boolean[], d_scope uuid[], d_n int[], d_total numeric[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(d_account, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO account_day_figures AS f (account_id, day, currency, status, sign, transfer, scope_id, count, total)
  SELECT * FROM unnest(d_account, d_day, d_currency, d_status, d_sign, d_transfer, d_scope, d_n, d_total)
   ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (account_id, day, currency, status, sign, transfer) DO UPDATE
     SET count = f.count + excluded.count, total = f.total + excluded.total;
  DELETE FROM account_day_figures f
   USING unnest(d_account, d_day, d_currency, d_status, d_sign, d_transfer) AS d(account_id, day, currency, status, sign, transfer)
   WHERE f.account_id = d.account_id AND f.day = d.day AND f.currency = d.currency AND f.status = d.status
     AND f.sign = d.sign AND f.transfer = d.transfer AND f.count <= 0;
END $$;

-- Inserted rows (+1) and deleted rows (-1): both triggers name their one transition table
-- changed_rows, so one body serves both.
CREATE OR REPLACE FUNCTION counterpart_figures_on_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_sign int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
        v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_add_first text[]; v_add_last text[]; v_rem_first text[]; v_rem_last text[];
        w_account uuid[]; w_day text[]; w_currency text[]; w_status "TransactionStatus"[]; w_sign smallint[];
        w_transfer boolean[]; w_scope uuid[]; w_n int[]; w_total numeric[];
        v_scopes uuid[] := ARRAY(SELECT DISTINCT scope_id FROM changed_rows);
BEGIN
  PERFORM ll_lock_scope_figures(v_scopes, false);
  WITH own AS MATERIALIZED (
    SELECT x.scope_id, ll_own_ibans(x.scope_id) AS ibans FROM unnest(v_scopes) x(scope_id)
  ), r AS MATERIALIZED (
    SELECT x.account_id, x.scope_id, x.currency, x.status, x.amount, x.sort_date, v_sign AS s,
           coalesce(x.bound_counterpart_id, x.counterpart_id) AS cp,
           ll_is_transfer(x.transfer_override, x.amount, x.creditor_iban, x.debtor_iban, x.ultimate_creditor,
             x.creditor_name, x.ultimate_debtor, x.debtor_name, own.ibans, ta.owner_name) AS transfer
      FROM changed_rows x JOIN tracked_accounts ta ON ta.id = x.account_id JOIN own ON own.scope_id = x.scope_id
     WHERE x.removed_at IS NULL
  ), d AS (
    SELECT account_id, cp, currency, scope_id,
           sum(s)::int AS n, coalesce(sum(s * amount) FILTER (WHERE amount > 0), 0) AS sum_in,
           coalesce(-sum(s * amount) FILTER (WHERE amount < 0), 0) AS sum_out,
           min(sort_date) FILTER (WHERE s > 0) AS add_first, max(sort_date) FILTER (WHERE s > 0) AS add_last,
           min(sort_date) FILTER (WHERE s < 0) AS rem_first, max(sort_date) FILTER (WHERE s < 0) AS rem_last
      FROM r WHERE cp IS NOT NULL AND NOT transfer GROUP BY 1, 2, 3, 4
  ), days AS (
    SELECT account_id, sort_date AS day, currency, status, sign(amount)::smallint AS sign, transfer, scope_id,
           sum(s)::int AS n, sum(s * amount) AS total
      FROM r GROUP BY 1, 2, 3, 4, 5, 6, 7
  )
  SELECT a.*, b.* INTO v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last, v_rem_first, v_rem_last,
                       w_account, w_day, w_currency, w_status, w_sign, w_transfer, w_scope, w_n, w_total
    FROM (SELECT array_agg(account_id), array_agg(cp), array_agg(currency::text), array_agg(scope_id), array_agg(n),
                 array_agg(sum_in), array_agg(sum_out), array_agg(add_first), array_agg(add_last),
                 array_agg(rem_first), array_agg(rem_last) FROM d) a,
         (SELECT array_agg(account_id), array_agg(day), array_agg(currency::text), array_agg(status), array_agg(sign),
                 array_agg(transfer), array_agg(scope_id), array_agg(n), array_agg(total) FROM days) b;
  PERFORM counterpart_figures_apply(v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last,
                                    v_rem_first, v_rem_last);
  PERFORM account_day_figures_apply(w_account, w_day, w_currency, w_status, w_sign, w_transfer, w_scope, w_n, w_total);
  -- Rows deleted with their account have no holder name left to read (the join above leaves them
  -- out): all of that account's figures go instead.
  IF TG_OP = 'DELETE' THEN
    DELETE FROM counterpart_figures f WHERE f.account_id IN (SELECT DISTINCT account_id FROM changed_rows)
       AND NOT EXISTS (SELECT 1 FROM tracked_accounts ta WHERE ta.id = f.account_id);
    DELETE FROM account_day_figures f WHERE f.account_id IN (SELECT DISTINCT account_id FROM changed_rows)
       AND NOT EXISTS (SELECT 1 FROM tracked_accounts ta WHERE ta.id = f.account_id);
  END IF;
  RETURN NULL;
END $$;

-- Updated rows: only those whose figures could move (an unchanged re-read, a note, a tag or a stored
-- hash moves nothing), each old version leaving (-1) and its new version coming in (+1).
CREATE OR REPLACE FUNCTION counterpart_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_add_first text[]; v_add_last text[]; v_rem_first text[]; v_rem_last text[];
        w_account uuid[]; w_day text[]; w_currency text[]; w_status "TransactionStatus"[]; w_sign smallint[];
        w_transfer boolean[]; w_scope uuid[]; w_n int[]; w_total numeric[];
BEGIN
  PERFORM ll_lock_scope_figures(ARRAY(SELECT DISTINCT scope_id FROM new_rows UNION SELECT scope_id FROM old_rows), false);
  -- Each version narrowed to what the figures read before pairing: the transition tables hold whole
  -- rows (the bank's texts, the search column). Paired as whole row values and expanded twice, this
  -- trigger took 16 s of a 69.4 s UPDATE of every row's counterpart on the bench's 1,000,000-row
  -- account; narrowed, 10–12 s of 61–63 s (measured with the trigger disabled in a rolled-back copy).
  -- Both versions of a row share its id, so comparing the narrowed rows compares what moves figures.
  WITH paired AS (
    SELECT o, n
      FROM (SELECT id, account_id, scope_id, coalesce(bound_counterpart_id, counterpart_id) AS cp, currency, amount, sort_date,
                   status, removed_at IS NULL AS live, transfer_override, creditor_iban, debtor_iban, ultimate_creditor,
                   creditor_name, ultimate_debtor, debtor_name FROM old_rows) o
      FULL JOIN (SELECT id, account_id, scope_id, coalesce(bound_counterpart_id, counterpart_id) AS cp, currency, amount, sort_date,
                        status, removed_at IS NULL AS live, transfer_override, creditor_iban, debtor_iban, ultimate_creditor,
                        creditor_name, ultimate_debtor, debtor_name FROM new_rows) n ON n.id = o.id
    OFFSET 0
  ), moved AS (
    SELECT p.o, p.n FROM paired p WHERE (p.o).id IS NOT NULL AND (p.n).id IS NOT NULL AND p.o IS DISTINCT FROM p.n
  ), rows_signed AS (
    SELECT (m.o).*, -1 AS s FROM moved m
    UNION ALL
    SELECT (m.n).*, 1 AS s FROM moved m
  ), own AS MATERIALIZED (
    SELECT x.scope_id, ll_own_ibans(x.scope_id) AS ibans FROM (SELECT DISTINCT scope_id FROM rows_signed) x
  ), r AS MATERIALIZED (
    SELECT x.account_id, x.scope_id, x.currency, x.status, x.amount, x.sort_date, x.s, x.cp,
           ll_is_transfer(x.transfer_override, x.amount, x.creditor_iban, x.debtor_iban, x.ultimate_creditor,
             x.creditor_name, x.ultimate_debtor, x.debtor_name, own.ibans, ta.owner_name) AS transfer
      FROM rows_signed x JOIN tracked_accounts ta ON ta.id = x.account_id JOIN own ON own.scope_id = x.scope_id
     WHERE x.live
  ), d AS (
    SELECT account_id, cp, currency, scope_id,
           sum(s)::int AS n, coalesce(sum(s * amount) FILTER (WHERE amount > 0), 0) AS sum_in,
           coalesce(-sum(s * amount) FILTER (WHERE amount < 0), 0) AS sum_out,
           min(sort_date) FILTER (WHERE s > 0) AS add_first, max(sort_date) FILTER (WHERE s > 0) AS add_last,
           min(sort_date) FILTER (WHERE s < 0) AS rem_first, max(sort_date) FILTER (WHERE s < 0) AS rem_last
      FROM r WHERE cp IS NOT NULL AND NOT transfer GROUP BY 1, 2, 3, 4
  ), days AS (
    SELECT account_id, sort_date AS day, currency, status, sign(amount)::smallint AS sign, transfer, scope_id,
           sum(s)::int AS n, sum(s * amount) AS total
      FROM r GROUP BY 1, 2, 3, 4, 5, 6, 7
  )
  SELECT a.*, b.* INTO v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last, v_rem_first, v_rem_last,
                       w_account, w_day, w_currency, w_status, w_sign, w_transfer, w_scope, w_n, w_total
    FROM (SELECT array_agg(account_id), array_agg(cp), array_agg(currency::text), array_agg(scope_id), array_agg(n),
                 array_agg(sum_in), array_agg(sum_out), array_agg(add_first), array_agg(add_last),
                 array_agg(rem_first), array_agg(rem_last) FROM d) a,
         (SELECT array_agg(account_id), array_agg(day), array_agg(currency::text), array_agg(status), array_agg(sign),
                 array_agg(transfer), array_agg(scope_id), array_agg(n), array_agg(total) FROM days) b;
  PERFORM counterpart_figures_apply(v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last,
                                    v_rem_first, v_rem_last);
  PERFORM account_day_figures_apply(w_account, w_day, w_currency, w_status, w_sign, w_transfer, w_scope, w_n, w_total);
  RETURN NULL;
END $$;

-- Whole scopes again from their rows, both tables: what a new own-account IBAN or holder name means
-- for every row's transfer flag (rare: tracking, untracking, the first sync naming a holder).
CREATE OR REPLACE FUNCTION counterpart_figures_rebuild(scopes uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(scopes, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM ll_lock_scope_figures(scopes, true);
  DELETE FROM counterpart_figures WHERE scope_id = ANY(scopes);
  DELETE FROM account_day_figures WHERE scope_id = ANY(scopes);
  WITH own AS MATERIALIZED (
    SELECT x.scope_id, ll_own_ibans(x.scope_id) AS ibans FROM (SELECT DISTINCT unnest(scopes) AS scope_id) x
  ), r AS MATERIALIZED (
    SELECT t.account_id, t.scope_id, t.currency, t.status, t.amount, t.sort_date,
           coalesce(t.bound_counterpart_id, t.counterpart_id) AS cp,
           ll_is_transfer(t.transfer_override, t.amount, t.creditor_iban, t.debtor_iban, t.ultimate_creditor,
             t.creditor_name, t.ultimate_debtor, t.debtor_name, own.ibans, ta.owner_name) AS transfer
      FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id JOIN own ON own.scope_id = t.scope_id
     WHERE t.scope_id = ANY(scopes) AND t.removed_at IS NULL
  ), cps AS (
    INSERT INTO counterpart_figures (account_id, counterpart_id, currency, scope_id, count, sum_in, sum_out, first_date, last_date)
    SELECT account_id, cp, currency, scope_id, count(*)::int, coalesce(sum(amount) FILTER (WHERE amount > 0), 0),
           coalesce(-sum(amount) FILTER (WHERE amount < 0), 0), min(sort_date), max(sort_date)
      FROM r WHERE cp IS NOT NULL AND NOT transfer GROUP BY 1, 2, 3, 4
    RETURNING 1
  )
  INSERT INTO account_day_figures (account_id, day, currency, status, sign, transfer, scope_id, count, total)
  SELECT account_id, sort_date, currency, status, sign(amount)::smallint, transfer, scope_id, count(*)::int, sum(amount)
    FROM r GROUP BY 1, 2, 3, 4, 5, 6, 7;
END $$;

-- A tracked account added or removed: its scope's own IBANs changed (when it had one).
CREATE OR REPLACE FUNCTION counterpart_figures_on_accounts_insert_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM counterpart_figures_rebuild(ARRAY(SELECT DISTINCT scope_id FROM new_rows WHERE iban IS NOT NULL));
  ELSE
    PERFORM counterpart_figures_rebuild(ARRAY(SELECT DISTINCT scope_id FROM old_rows WHERE iban IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

-- An account's IBAN, holder name or scope changed, as the transfer rule compares them. Paired as the
-- rows are above: a statement that updates many accounts at once (the scheduler's batches) would
-- otherwise compare every old row with every new one.
CREATE OR REPLACE FUNCTION counterpart_figures_on_accounts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counterpart_figures_rebuild(ARRAY(
    SELECT DISTINCT x.scope_id
      FROM (SELECT o AS old_row, n AS new_row FROM old_rows o FULL JOIN new_rows n ON n.id = o.id OFFSET 0) p,
           LATERAL (SELECT (p.old_row).*) o, LATERAL (SELECT (p.new_row).*) n,
           LATERAL (VALUES (o.scope_id), (n.scope_id)) x(scope_id)
     WHERE o.id IS NOT NULL AND n.id IS NOT NULL
       AND (o.scope_id, ll_iban_key(o.iban), lower(btrim(o.owner_name)))
           IS DISTINCT FROM (n.scope_id, ll_iban_key(n.iban), lower(btrim(n.owner_name)))));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER transactions_counterpart_figures_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_rows();
CREATE OR REPLACE TRIGGER transactions_counterpart_figures_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_update();
CREATE OR REPLACE TRIGGER transactions_counterpart_figures_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_rows();
-- A tracked account added, removed, or given another IBAN, holder name or scope: its scope's figures
-- lock, exclusively, before anything else the statement locks (the stats version, the rows a delete
-- cascades to), so a sync page of the scope finishes first or waits.
CREATE OR REPLACE FUNCTION tracked_accounts_lock_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null on an insert and NEW on a delete; the lock skips a null scope.
  PERFORM ll_lock_scope_figures(ARRAY[OLD.scope_id, NEW.scope_id], true);
  RETURN coalesce(NEW, OLD);
END $$;

CREATE OR REPLACE TRIGGER tracked_accounts_figures_lock BEFORE INSERT OR DELETE ON tracked_accounts
  FOR EACH ROW EXECUTE FUNCTION tracked_accounts_lock_figures();
CREATE OR REPLACE TRIGGER tracked_accounts_figures_lock_update BEFORE UPDATE OF iban, owner_name, scope_id ON tracked_accounts
  FOR EACH ROW WHEN (OLD.iban IS DISTINCT FROM NEW.iban OR OLD.owner_name IS DISTINCT FROM NEW.owner_name
                     OR OLD.scope_id IS DISTINCT FROM NEW.scope_id)
  EXECUTE FUNCTION tracked_accounts_lock_figures();
CREATE OR REPLACE TRIGGER tracked_accounts_counterpart_figures_insert AFTER INSERT ON tracked_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_accounts_insert_delete();
CREATE OR REPLACE TRIGGER tracked_accounts_counterpart_figures_delete AFTER DELETE ON tracked_accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_accounts_insert_delete();
CREATE OR REPLACE TRIGGER tracked_accounts_counterpart_figures_update AFTER UPDATE ON tracked_accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_accounts_update();

-- The figures of accounts that have live rows and none: rows older than the figures' tables, on a
-- database migrated from before them (the migrations that create the tables leave them empty, as
-- the functions that compute them come after every migration). Every live row is in the day
-- figures, so a kept account always has one; on a fresh database there is no account. Two index
-- probes per tracked account, whenever this file is applied.
SELECT counterpart_figures_rebuild(ARRAY(
  SELECT DISTINCT ta.scope_id FROM tracked_accounts ta
   WHERE NOT EXISTS (SELECT 1 FROM account_day_figures f WHERE f.account_id = ta.id)
     AND EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = ta.id AND t.removed_at IS NULL)));

-- The separate insert and delete bodies counterpart_figures_on_rows replaced (a database migrated
-- before it still has them; nothing calls them once the triggers above point at it).
DROP FUNCTION IF EXISTS counterpart_figures_on_insert();
DROP FUNCTION IF EXISTS counterpart_figures_on_delete();
