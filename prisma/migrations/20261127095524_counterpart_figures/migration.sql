-- CreateTable
CREATE TABLE "counterpart_figures" (
    "account_id" UUID NOT NULL,
    "counterpart_id" UUID NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "scope_id" UUID NOT NULL,
    "count" INTEGER NOT NULL,
    "sum_in" DECIMAL NOT NULL,
    "sum_out" DECIMAL NOT NULL,
    "first_date" TEXT,
    "last_date" TEXT,

    CONSTRAINT "counterpart_figures_pkey" PRIMARY KEY ("account_id","counterpart_id","currency")
);

-- CreateIndex
CREATE INDEX "counterpart_figures_scope_id_counterpart_id_idx" ON "counterpart_figures"("scope_id", "counterpart_id");


-- Whether a row is an own-account transfer, as lib/accounttracking/transfers.ts decides at read time
-- (the person's mark first, then the other side's IBAN among the scope's, then the holder's own name).
-- One CASE, so the planner inlines it. `ibans` are the scope's normalised IBANs, `owner` the
-- account's holder name. The property test compares the figures with the read-time rule.
CREATE FUNCTION ll_is_transfer(transfer_override boolean, amount numeric, creditor_iban text, debtor_iban text,
                               ultimate_creditor text, creditor_name text, ultimate_debtor text, debtor_name text,
                               ibans text[], owner text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN transfer_override IS NOT NULL THEN transfer_override
    WHEN upper(replace(CASE WHEN amount < 0 THEN creditor_iban ELSE debtor_iban END, ' ', '')) = ANY(ibans) THEN true
    WHEN lower(btrim(CASE WHEN amount < 0 THEN coalesce(ultimate_creditor, creditor_name)
                          ELSE coalesce(ultimate_debtor, debtor_name) END)) = lower(btrim(owner)) THEN true
    ELSE false END
$$;

-- Adds a statement's differences to the figures: one line per (account, counterpart, currency) with
-- the change in count, money in and out, the dates of the rows that came in and of those that left.
-- A bound (first or last date) that a leaving row held is read again from the transactions, by the
-- counterpart index and stopping at the first row that counts.
CREATE FUNCTION counterpart_figures_apply(d_account uuid[], d_cp uuid[], d_currency text[], d_scope uuid[],
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
         LATERAL (SELECT coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
                    FROM tracked_accounts o WHERE o.scope_id = d.scope_id) own
   WHERE f.account_id = d.account_id AND f.counterpart_id = d.cp AND f.currency = d.currency
     AND (d.rem_first <= f.first_date OR d.rem_last >= f.last_date);
END $$;

CREATE FUNCTION counterpart_figures_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_add_first text[]; v_add_last text[]; v_rem_first text[]; v_rem_last text[];
BEGIN
  WITH own AS (
    SELECT o.scope_id, coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
      FROM tracked_accounts o WHERE o.scope_id IN (SELECT DISTINCT scope_id FROM new_rows) GROUP BY o.scope_id
  ), d AS (
    SELECT r.account_id, coalesce(r.bound_counterpart_id, r.counterpart_id) AS cp, r.currency, r.scope_id,
           count(*)::int AS n, coalesce(sum(r.amount) FILTER (WHERE r.amount > 0), 0) AS sum_in,
           coalesce(-sum(r.amount) FILTER (WHERE r.amount < 0), 0) AS sum_out, min(r.sort_date) AS first, max(r.sort_date) AS last
      FROM new_rows r JOIN tracked_accounts ta ON ta.id = r.account_id LEFT JOIN own ON own.scope_id = r.scope_id
     WHERE r.removed_at IS NULL AND coalesce(r.bound_counterpart_id, r.counterpart_id) IS NOT NULL
       AND NOT ll_is_transfer(r.transfer_override, r.amount, r.creditor_iban, r.debtor_iban, r.ultimate_creditor,
             r.creditor_name, r.ultimate_debtor, r.debtor_name, coalesce(own.ibans, '{}'), ta.owner_name)
     GROUP BY 1, 2, 3, 4
  )
  SELECT array_agg(account_id), array_agg(cp), array_agg(currency::text), array_agg(scope_id), array_agg(n), array_agg(sum_in),
         array_agg(sum_out), array_agg(first), array_agg(last), array_agg(NULL::text), array_agg(NULL::text)
    INTO v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last, v_rem_first, v_rem_last FROM d;
  PERFORM counterpart_figures_apply(v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last,
                                    v_rem_first, v_rem_last);
  RETURN NULL;
END $$;

CREATE FUNCTION counterpart_figures_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_add_first text[]; v_add_last text[]; v_rem_first text[]; v_rem_last text[];
BEGIN
  WITH own AS (
    SELECT o.scope_id, coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
      FROM tracked_accounts o WHERE o.scope_id IN (SELECT DISTINCT scope_id FROM old_rows) GROUP BY o.scope_id
  ), d AS (
    -- An account deleted with its rows has no holder name left to read: its figures go with their rows.
    SELECT r.account_id, coalesce(r.bound_counterpart_id, r.counterpart_id) AS cp, r.currency, r.scope_id,
           -count(*)::int AS n, -coalesce(sum(r.amount) FILTER (WHERE r.amount > 0), 0) AS sum_in,
           coalesce(sum(r.amount) FILTER (WHERE r.amount < 0), 0) AS sum_out, min(r.sort_date) AS first, max(r.sort_date) AS last
      FROM old_rows r LEFT JOIN tracked_accounts ta ON ta.id = r.account_id LEFT JOIN own ON own.scope_id = r.scope_id
     WHERE r.removed_at IS NULL AND coalesce(r.bound_counterpart_id, r.counterpart_id) IS NOT NULL
       AND (ta.id IS NULL OR NOT ll_is_transfer(r.transfer_override, r.amount, r.creditor_iban, r.debtor_iban, r.ultimate_creditor,
             r.creditor_name, r.ultimate_debtor, r.debtor_name, coalesce(own.ibans, '{}'), ta.owner_name))
     GROUP BY 1, 2, 3, 4
  )
  SELECT array_agg(account_id), array_agg(cp), array_agg(currency::text), array_agg(scope_id), array_agg(n), array_agg(sum_in),
         array_agg(sum_out), array_agg(NULL::text), array_agg(NULL::text), array_agg(first), array_agg(last)
    INTO v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last, v_rem_first, v_rem_last FROM d;
  PERFORM counterpart_figures_apply(v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last,
                                    v_rem_first, v_rem_last);
  -- An account's rows all gone: nothing of it may stay (a transfer row deleted with its account is
  -- not in the delta above, but neither was it in the figures).
  DELETE FROM counterpart_figures f WHERE f.account_id IN (SELECT DISTINCT account_id FROM old_rows)
     AND NOT EXISTS (SELECT 1 FROM tracked_accounts ta WHERE ta.id = f.account_id);
  RETURN NULL;
END $$;

-- An update moves a row's figures only when something they depend on changed: a bank row re-read
-- unchanged, a note or a tag costs the join and nothing else.
CREATE FUNCTION counterpart_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_add_first text[]; v_add_last text[]; v_rem_first text[]; v_rem_last text[];
BEGIN
  WITH moved AS (
    SELECT o AS old_row, n AS new_row FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.account_id, o.scope_id, coalesce(o.bound_counterpart_id, o.counterpart_id), o.currency, o.amount, o.sort_date,
            o.removed_at IS NULL, o.transfer_override, o.creditor_iban, o.debtor_iban, o.ultimate_creditor, o.creditor_name,
            o.ultimate_debtor, o.debtor_name)
           IS DISTINCT FROM
           (n.account_id, n.scope_id, coalesce(n.bound_counterpart_id, n.counterpart_id), n.currency, n.amount, n.sort_date,
            n.removed_at IS NULL, n.transfer_override, n.creditor_iban, n.debtor_iban, n.ultimate_creditor, n.creditor_name,
            n.ultimate_debtor, n.debtor_name)
  ), rows_signed AS (
    SELECT (m.old_row).*, -1 AS sign FROM moved m
    UNION ALL
    SELECT (m.new_row).*, 1 AS sign FROM moved m
  ), own AS (
    SELECT o.scope_id, coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
      FROM tracked_accounts o WHERE o.scope_id IN (SELECT DISTINCT scope_id FROM rows_signed) GROUP BY o.scope_id
  ), d AS (
    SELECT r.account_id, coalesce(r.bound_counterpart_id, r.counterpart_id) AS cp, r.currency, r.scope_id,
           sum(r.sign)::int AS n, coalesce(sum(r.sign * r.amount) FILTER (WHERE r.amount > 0), 0) AS sum_in,
           coalesce(-sum(r.sign * r.amount) FILTER (WHERE r.amount < 0), 0) AS sum_out,
           min(r.sort_date) FILTER (WHERE r.sign > 0) AS add_first, max(r.sort_date) FILTER (WHERE r.sign > 0) AS add_last,
           min(r.sort_date) FILTER (WHERE r.sign < 0) AS rem_first, max(r.sort_date) FILTER (WHERE r.sign < 0) AS rem_last
      FROM rows_signed r JOIN tracked_accounts ta ON ta.id = r.account_id LEFT JOIN own ON own.scope_id = r.scope_id
     WHERE r.removed_at IS NULL AND coalesce(r.bound_counterpart_id, r.counterpart_id) IS NOT NULL
       AND NOT ll_is_transfer(r.transfer_override, r.amount, r.creditor_iban, r.debtor_iban, r.ultimate_creditor,
             r.creditor_name, r.ultimate_debtor, r.debtor_name, coalesce(own.ibans, '{}'), ta.owner_name)
     GROUP BY 1, 2, 3, 4
  )
  SELECT array_agg(account_id), array_agg(cp), array_agg(currency::text), array_agg(scope_id), array_agg(n), array_agg(sum_in),
         array_agg(sum_out), array_agg(add_first), array_agg(add_last), array_agg(rem_first), array_agg(rem_last)
    INTO v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last, v_rem_first, v_rem_last FROM d;
  PERFORM counterpart_figures_apply(v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last,
                                    v_rem_first, v_rem_last);
  RETURN NULL;
END $$;

CREATE TRIGGER transactions_counterpart_figures_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_insert();
CREATE TRIGGER transactions_counterpart_figures_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_update();
CREATE TRIGGER transactions_counterpart_figures_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_delete();

-- Figures of whole scopes computed again from their rows: what a new own-account IBAN or holder name
-- means for every row's transfer status (rare: tracking, untracking, the first sync naming a holder).
CREATE FUNCTION counterpart_figures_rebuild(scopes uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(scopes, 1), 0) = 0 THEN RETURN; END IF;
  DELETE FROM counterpart_figures WHERE scope_id = ANY(scopes);
  INSERT INTO counterpart_figures (account_id, counterpart_id, currency, scope_id, count, sum_in, sum_out, first_date, last_date)
  SELECT t.account_id, coalesce(t.bound_counterpart_id, t.counterpart_id), t.currency, t.scope_id, count(*)::int,
         coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0), coalesce(-sum(t.amount) FILTER (WHERE t.amount < 0), 0),
         min(t.sort_date), max(t.sort_date)
    FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id
    JOIN LATERAL (SELECT coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
                    FROM tracked_accounts o WHERE o.scope_id = t.scope_id) own ON true
   WHERE t.scope_id = ANY(scopes) AND t.removed_at IS NULL AND coalesce(t.bound_counterpart_id, t.counterpart_id) IS NOT NULL
     AND NOT ll_is_transfer(t.transfer_override, t.amount, t.creditor_iban, t.debtor_iban, t.ultimate_creditor,
           t.creditor_name, t.ultimate_debtor, t.debtor_name, own.ibans, ta.owner_name)
   GROUP BY 1, 2, 3, 4;
END $$;

CREATE FUNCTION counterpart_figures_on_accounts_insert_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM counterpart_figures_rebuild(ARRAY(SELECT DISTINCT scope_id FROM new_rows WHERE iban IS NOT NULL));
  ELSE
    PERFORM counterpart_figures_rebuild(ARRAY(SELECT DISTINCT scope_id FROM old_rows WHERE iban IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION counterpart_figures_on_accounts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counterpart_figures_rebuild(ARRAY(
    SELECT DISTINCT x.scope_id FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o.scope_id), (n.scope_id)) x(scope_id)
     WHERE (o.scope_id, upper(replace(o.iban, ' ', '')), lower(btrim(o.owner_name)))
           IS DISTINCT FROM (n.scope_id, upper(replace(n.iban, ' ', '')), lower(btrim(n.owner_name)))));
  RETURN NULL;
END $$;

CREATE TRIGGER tracked_accounts_counterpart_figures_insert AFTER INSERT ON tracked_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_accounts_insert_delete();
CREATE TRIGGER tracked_accounts_counterpart_figures_delete AFTER DELETE ON tracked_accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_accounts_insert_delete();
CREATE TRIGGER tracked_accounts_counterpart_figures_update AFTER UPDATE ON tracked_accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterpart_figures_on_accounts_update();

-- The figures of the rows already here.
SELECT counterpart_figures_rebuild(ARRAY(SELECT DISTINCT scope_id FROM transactions));
