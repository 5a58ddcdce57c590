-- CreateTable
CREATE TABLE "account_day_figures" (
    "account_id" UUID NOT NULL,
    "day" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "sign" SMALLINT NOT NULL,
    "transfer" BOOLEAN NOT NULL,
    "scope_id" UUID NOT NULL,
    "count" INTEGER NOT NULL,
    "total" DECIMAL NOT NULL,

    CONSTRAINT "account_day_figures_pkey" PRIMARY KEY ("account_id","day","currency","status","sign","transfer")
);

-- CreateIndex
CREATE INDEX "account_day_figures_scope_id_idx" ON "account_day_figures"("scope_id");


-- Adds a statement's differences to the day figures, then drops the lines that came to nothing.
CREATE FUNCTION account_day_figures_apply(d_account uuid[], d_day text[], d_currency text[], d_status "TransactionStatus"[],
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

-- The three triggers of counterpart_figures now keep both: one pass over the statement's rows (each
-- with its sign, +1 coming in and -1 leaving, and its transfer flag), aggregated once per table.
CREATE OR REPLACE FUNCTION counterpart_figures_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_add_first text[]; v_add_last text[];
        w_account uuid[]; w_day text[]; w_currency text[]; w_status "TransactionStatus"[]; w_sign smallint[];
        w_transfer boolean[]; w_scope uuid[]; w_n int[]; w_total numeric[];
BEGIN
  WITH own AS (
    SELECT o.scope_id, coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
      FROM tracked_accounts o WHERE o.scope_id IN (SELECT DISTINCT scope_id FROM new_rows) GROUP BY o.scope_id
  ), r AS MATERIALIZED (
    SELECT x.account_id, x.scope_id, x.currency, x.status, x.amount, x.sort_date,
           coalesce(x.bound_counterpart_id, x.counterpart_id) AS cp,
           ll_is_transfer(x.transfer_override, x.amount, x.creditor_iban, x.debtor_iban, x.ultimate_creditor,
             x.creditor_name, x.ultimate_debtor, x.debtor_name, coalesce(own.ibans, '{}'), ta.owner_name) AS transfer
      FROM new_rows x JOIN tracked_accounts ta ON ta.id = x.account_id LEFT JOIN own ON own.scope_id = x.scope_id
     WHERE x.removed_at IS NULL
  ), d AS (
    SELECT account_id, cp, currency, scope_id, count(*)::int AS n, coalesce(sum(amount) FILTER (WHERE amount > 0), 0) AS sum_in,
           coalesce(-sum(amount) FILTER (WHERE amount < 0), 0) AS sum_out, min(sort_date) AS first, max(sort_date) AS last
      FROM r WHERE cp IS NOT NULL AND NOT transfer GROUP BY 1, 2, 3, 4
  ), days AS (
    SELECT account_id, sort_date AS day, currency, status, sign(amount)::smallint AS sign, transfer, scope_id,
           count(*)::int AS n, sum(amount) AS total
      FROM r GROUP BY 1, 2, 3, 4, 5, 6, 7
  )
  SELECT a.*, b.* INTO v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last,
                       w_account, w_day, w_currency, w_status, w_sign, w_transfer, w_scope, w_n, w_total
    FROM (SELECT array_agg(account_id), array_agg(cp), array_agg(currency::text), array_agg(scope_id), array_agg(n),
                 array_agg(sum_in), array_agg(sum_out), array_agg(first), array_agg(last) FROM d) a,
         (SELECT array_agg(account_id), array_agg(day), array_agg(currency::text), array_agg(status), array_agg(sign),
                 array_agg(transfer), array_agg(scope_id), array_agg(n), array_agg(total) FROM days) b;
  PERFORM counterpart_figures_apply(v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_add_first, v_add_last,
                                    array_fill(NULL::text, ARRAY[coalesce(array_length(v_account, 1), 0)]),
                                    array_fill(NULL::text, ARRAY[coalesce(array_length(v_account, 1), 0)]));
  PERFORM account_day_figures_apply(w_account, w_day, w_currency, w_status, w_sign, w_transfer, w_scope, w_n, w_total);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION counterpart_figures_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_rem_first text[]; v_rem_last text[];
        w_account uuid[]; w_day text[]; w_currency text[]; w_status "TransactionStatus"[]; w_sign smallint[];
        w_transfer boolean[]; w_scope uuid[]; w_n int[]; w_total numeric[];
BEGIN
  -- Rows deleted with their account have no holder name left to read: all of that account's
  -- figures go at the end instead.
  WITH own AS (
    SELECT o.scope_id, coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
      FROM tracked_accounts o WHERE o.scope_id IN (SELECT DISTINCT scope_id FROM old_rows) GROUP BY o.scope_id
  ), r AS MATERIALIZED (
    SELECT x.account_id, x.scope_id, x.currency, x.status, x.amount, x.sort_date,
           coalesce(x.bound_counterpart_id, x.counterpart_id) AS cp,
           ll_is_transfer(x.transfer_override, x.amount, x.creditor_iban, x.debtor_iban, x.ultimate_creditor,
             x.creditor_name, x.ultimate_debtor, x.debtor_name, coalesce(own.ibans, '{}'), ta.owner_name) AS transfer
      FROM old_rows x JOIN tracked_accounts ta ON ta.id = x.account_id LEFT JOIN own ON own.scope_id = x.scope_id
     WHERE x.removed_at IS NULL
  ), d AS (
    SELECT account_id, cp, currency, scope_id, -count(*)::int AS n, -coalesce(sum(amount) FILTER (WHERE amount > 0), 0) AS sum_in,
           coalesce(sum(amount) FILTER (WHERE amount < 0), 0) AS sum_out, min(sort_date) AS first, max(sort_date) AS last
      FROM r WHERE cp IS NOT NULL AND NOT transfer GROUP BY 1, 2, 3, 4
  ), days AS (
    SELECT account_id, sort_date AS day, currency, status, sign(amount)::smallint AS sign, transfer, scope_id,
           -count(*)::int AS n, -sum(amount) AS total
      FROM r GROUP BY 1, 2, 3, 4, 5, 6, 7
  )
  SELECT a.*, b.* INTO v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out, v_rem_first, v_rem_last,
                       w_account, w_day, w_currency, w_status, w_sign, w_transfer, w_scope, w_n, w_total
    FROM (SELECT array_agg(account_id), array_agg(cp), array_agg(currency::text), array_agg(scope_id), array_agg(n),
                 array_agg(sum_in), array_agg(sum_out), array_agg(first), array_agg(last) FROM d) a,
         (SELECT array_agg(account_id), array_agg(day), array_agg(currency::text), array_agg(status), array_agg(sign),
                 array_agg(transfer), array_agg(scope_id), array_agg(n), array_agg(total) FROM days) b;
  PERFORM counterpart_figures_apply(v_account, v_cp, v_currency, v_scope, v_n, v_in, v_out,
                                    array_fill(NULL::text, ARRAY[coalesce(array_length(v_account, 1), 0)]),
                                    array_fill(NULL::text, ARRAY[coalesce(array_length(v_account, 1), 0)]),
                                    v_rem_first, v_rem_last);
  PERFORM account_day_figures_apply(w_account, w_day, w_currency, w_status, w_sign, w_transfer, w_scope, w_n, w_total);
  DELETE FROM counterpart_figures f WHERE f.account_id IN (SELECT DISTINCT account_id FROM old_rows)
     AND NOT EXISTS (SELECT 1 FROM tracked_accounts ta WHERE ta.id = f.account_id);
  DELETE FROM account_day_figures f WHERE f.account_id IN (SELECT DISTINCT account_id FROM old_rows)
     AND NOT EXISTS (SELECT 1 FROM tracked_accounts ta WHERE ta.id = f.account_id);
  RETURN NULL;
END $$;

-- An update moves figures only when something they depend on changed (now the status too: the day
-- figures count booked and pending apart).
CREATE OR REPLACE FUNCTION counterpart_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_add_first text[]; v_add_last text[]; v_rem_first text[]; v_rem_last text[];
        w_account uuid[]; w_day text[]; w_currency text[]; w_status "TransactionStatus"[]; w_sign smallint[];
        w_transfer boolean[]; w_scope uuid[]; w_n int[]; w_total numeric[];
BEGIN
  WITH moved AS (
    SELECT o AS old_row, n AS new_row FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.account_id, o.scope_id, coalesce(o.bound_counterpart_id, o.counterpart_id), o.currency, o.amount, o.sort_date,
            o.status, o.removed_at IS NULL, o.transfer_override, o.creditor_iban, o.debtor_iban, o.ultimate_creditor,
            o.creditor_name, o.ultimate_debtor, o.debtor_name)
           IS DISTINCT FROM
           (n.account_id, n.scope_id, coalesce(n.bound_counterpart_id, n.counterpart_id), n.currency, n.amount, n.sort_date,
            n.status, n.removed_at IS NULL, n.transfer_override, n.creditor_iban, n.debtor_iban, n.ultimate_creditor,
            n.creditor_name, n.ultimate_debtor, n.debtor_name)
  ), rows_signed AS (
    SELECT (m.old_row).*, -1 AS s FROM moved m
    UNION ALL
    SELECT (m.new_row).*, 1 AS s FROM moved m
  ), own AS (
    SELECT o.scope_id, coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
      FROM tracked_accounts o WHERE o.scope_id IN (SELECT DISTINCT scope_id FROM rows_signed) GROUP BY o.scope_id
  ), r AS MATERIALIZED (
    SELECT x.account_id, x.scope_id, x.currency, x.status, x.amount, x.sort_date, x.s,
           coalesce(x.bound_counterpart_id, x.counterpart_id) AS cp,
           ll_is_transfer(x.transfer_override, x.amount, x.creditor_iban, x.debtor_iban, x.ultimate_creditor,
             x.creditor_name, x.ultimate_debtor, x.debtor_name, coalesce(own.ibans, '{}'), ta.owner_name) AS transfer
      FROM rows_signed x JOIN tracked_accounts ta ON ta.id = x.account_id LEFT JOIN own ON own.scope_id = x.scope_id
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
  RETURN NULL;
END $$;

-- Whole scopes again from their rows, both tables (a new own-account IBAN or holder name).
CREATE OR REPLACE FUNCTION counterpart_figures_rebuild(scopes uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(scopes, 1), 0) = 0 THEN RETURN; END IF;
  DELETE FROM counterpart_figures WHERE scope_id = ANY(scopes);
  DELETE FROM account_day_figures WHERE scope_id = ANY(scopes);
  WITH r AS MATERIALIZED (
    SELECT t.account_id, t.scope_id, t.currency, t.status, t.amount, t.sort_date,
           coalesce(t.bound_counterpart_id, t.counterpart_id) AS cp,
           ll_is_transfer(t.transfer_override, t.amount, t.creditor_iban, t.debtor_iban, t.ultimate_creditor,
             t.creditor_name, t.ultimate_debtor, t.debtor_name, own.ibans, ta.owner_name) AS transfer
      FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id
      JOIN LATERAL (SELECT coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
                      FROM tracked_accounts o WHERE o.scope_id = t.scope_id) own ON true
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

-- The rows already here.
SELECT counterpart_figures_rebuild(ARRAY(SELECT DISTINCT scope_id FROM transactions));
