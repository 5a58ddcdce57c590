-- The maintained figures' triggers (migrations counterpart_figures and account_day_figures), kept
-- linear in a statement's rows: old and new rows paired by a join that can only be hashed or merged,
-- and the scope's own IBANs computed once.
--
-- Transition tables carry no statistics and plpgsql keeps a statement's plan for the connection's
-- life, planned at its first call: for a pooled connection that was a sync upsert's statement
-- trigger with no row updated. So the pairing `old_rows JOIN new_rows ON id` was a nested loop for
-- every later statement too, 1,000 x 1,000 comparisons when a page's counterpart step then assigned
-- its 1,000 rows (~0.8 s of a first page's 1.1 s; seen with auto_explain in the sync-steps bench).
-- A FULL JOIN cannot be a nested loop, and OFFSET 0 keeps the WHERE that needs both sides from
-- turning it back into an inner join (a qual is never pushed below an OFFSET). Every updated row has
-- both versions, so the pairs are the same. The other joins stay free to probe an index per row
-- (tracked_accounts by id), which the stats trigger's `enable_nestloop = off` would forbid.
--
-- And in all three (insert, update, delete), the scope's own IBANs (`own`, one row per scope) are
-- computed once, MATERIALIZED: inlined, the planner (taking the statement's rows for one) joined
-- them to each row by a nested loop that read and sorted every row's scope again for each row, so
-- a statement of n rows cost n² (an UPDATE of 5,000 rows spent 7.9 s there, 20,000 rows 48 s).
CREATE OR REPLACE FUNCTION counterpart_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_add_first text[]; v_add_last text[]; v_rem_first text[]; v_rem_last text[];
        w_account uuid[]; w_day text[]; w_currency text[]; w_status "TransactionStatus"[]; w_sign smallint[];
        w_transfer boolean[]; w_scope uuid[]; w_n int[]; w_total numeric[];
BEGIN
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
    SELECT o.scope_id, coalesce(array_agg(upper(replace(o.iban, ' ', ''))) FILTER (WHERE o.iban IS NOT NULL), '{}') AS ibans
      FROM tracked_accounts o WHERE o.scope_id IN (SELECT DISTINCT scope_id FROM rows_signed) GROUP BY o.scope_id
  ), r AS MATERIALIZED (
    SELECT x.account_id, x.scope_id, x.currency, x.status, x.amount, x.sort_date, x.s,
           x.cp,
           ll_is_transfer(x.transfer_override, x.amount, x.creditor_iban, x.debtor_iban, x.ultimate_creditor,
             x.creditor_name, x.ultimate_debtor, x.debtor_name, coalesce(own.ibans, '{}'), ta.owner_name) AS transfer
      FROM rows_signed x JOIN tracked_accounts ta ON ta.id = x.account_id LEFT JOIN own ON own.scope_id = x.scope_id
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

-- The same pairing for tracked_accounts: a statement that updates many accounts at once (the
-- scheduler's batches) would otherwise compare every old row with every new one.
CREATE OR REPLACE FUNCTION counterpart_figures_on_accounts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counterpart_figures_rebuild(ARRAY(
    SELECT DISTINCT x.scope_id
      FROM (SELECT o AS old_row, n AS new_row FROM old_rows o FULL JOIN new_rows n ON n.id = o.id OFFSET 0) p,
           LATERAL (SELECT (p.old_row).*) o, LATERAL (SELECT (p.new_row).*) n,
           LATERAL (VALUES (o.scope_id), (n.scope_id)) x(scope_id)
     WHERE o.id IS NOT NULL AND n.id IS NOT NULL
       AND (o.scope_id, upper(replace(o.iban, ' ', '')), lower(btrim(o.owner_name)))
           IS DISTINCT FROM (n.scope_id, upper(replace(n.iban, ' ', '')), lower(btrim(n.owner_name)))));
  RETURN NULL;
END $$;

-- Inserted rows: as in migration account_day_figures, `own` computed once (above).
CREATE OR REPLACE FUNCTION counterpart_figures_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_add_first text[]; v_add_last text[];
        w_account uuid[]; w_day text[]; w_currency text[]; w_status "TransactionStatus"[]; w_sign smallint[];
        w_transfer boolean[]; w_scope uuid[]; w_n int[]; w_total numeric[];
BEGIN
  WITH own AS MATERIALIZED (
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

-- Deleted rows: as in migration account_day_figures, `own` computed once (above).
CREATE OR REPLACE FUNCTION counterpart_figures_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_account uuid[]; v_cp uuid[]; v_currency text[]; v_scope uuid[]; v_n int[]; v_in numeric[]; v_out numeric[];
        v_rem_first text[]; v_rem_last text[];
        w_account uuid[]; w_day text[]; w_currency text[]; w_status "TransactionStatus"[]; w_sign smallint[];
        w_transfer boolean[]; w_scope uuid[]; w_n int[]; w_total numeric[];
BEGIN
  -- Rows deleted with their account have no holder name left to read: all of that account's
  -- figures go at the end instead.
  WITH own AS MATERIALIZED (
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
