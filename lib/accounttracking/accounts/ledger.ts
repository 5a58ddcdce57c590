// An account's ledger as a bookkeeper reads it: the daily balance series (the bank's or a file's
// figures where given, derived from the booked transactions in between), reconciliation between
// two balance points with the days a difference can lie in, and the months a person closed. The
// arithmetic is lib/ledger's (pure); this file reads what it needs and writes the closed months,
// audited. Bank dates are dates (YYYY-MM-DD), amounts decimal strings, one currency at a time.
import "server-only";
import type { TrackedAccount } from "@/lib/generated/prisma/client";
import { bookedDays, storedBalances } from "@/lib/accounttracking/accounts/balance-history";
import type { AuditActor } from "@/lib/audit/actor";
import { actorUserId } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import { addDays } from "@/lib/dates/days";
import { pool, type Tx } from "@/lib/db/client";
import { compareDecimals } from "@/lib/money/decimal";
import { rows } from "@/lib/db/sql";
import { transaction, type Commit } from "@/lib/db/transaction";
import { conflict, notFound, validationFailed } from "@/lib/errors";
import { type Anchor, type AnchorSource, anchorsIn, chooseAnchors } from "@/lib/ledger/points";
import { monthBounds, reconcile, type Reconciliation, type ReconcileWindow } from "@/lib/ledger/reconcile";
import { dailySeries } from "@/lib/ledger/series";

/** A default view: the last 90 days up to the newest balance. */
const DEFAULT_DAYS = 90;
/** The longest series one request reads (ten years of days). */
export const MAX_SERIES_DAYS = 3660;
/** How far back PSD2 lets a bank be read again without the person's fresh approval, commonly. */
const REREAD_DAYS = 90;
/** Months the month list covers, newest first. */
const MONTHS_LISTED = 24;

const today = () => new Date().toISOString().slice(0, 10);

type Span = { from?: string; to?: string; currency?: string };

/** The account's anchors and stored balances in one currency, and the day its newest balance refers to. */
async function ledgerOf(account: TrackedAccount, currency: string) {
  const stored = await storedBalances(pool(), account.id);
  const { anchors, disagreements } = chooseAnchors(stored);
  const own = anchorsIn(anchors, currency);
  const newest = stored.filter((b) => b.currency === currency).at(-1)?.referenceDate ?? null;
  return { stored: stored.filter((b) => b.currency === currency), anchors: own, disagreements, newest };
}

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The series' span: as asked, else the 90 days up to the newest balance (today when none). */
function spanOf(q: Span, newest: string | null) {
  const to = q.to ?? (q.from ? addDays(q.from, DEFAULT_DAYS - 1) : (newest ?? today()));
  const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw validationFailed({ from: ["`from` must not be after `to`."] });
  if (dayCount(from, to) > MAX_SERIES_DAYS)
    throw validationFailed({ to: [`At most ${MAX_SERIES_DAYS} days at a time; ask for a shorter span.`] });
  return { from, to };
}

/** The daily balance series over a span, and every balance kept for those days. */
export async function balanceSeries(account: TrackedAccount, q: Span) {
  const currency = q.currency ?? account.currency;
  const { stored, anchors, newest } = await ledgerOf(account, currency);
  const { from, to } = spanOf(q, newest);
  // The days between the anchor before the span and the span (derived forward from it), and up to
  // the first anchor after the span when none comes before (derived backwards from it).
  const before = anchors.filter((a) => a.date < from).at(-1);
  const after = anchors.find((a) => a.date > to);
  const used = anchors.filter((a) => (!before || a.date >= before.date) && (!after || a.date <= after.date));
  const readFrom = before?.date ?? from;
  const readTo = !before && !anchors.some((a) => a.date <= to) && after ? after.date : to;
  const days = used.length > 0 ? await bookedDays(pool(), account.id, readFrom, readTo) : [];
  const series = dailySeries({ anchors: used, days, currency, from, to });
  const anchorIds = new Set(anchors.map((a) => a.balanceId));
  return {
    accountId: account.id,
    currency,
    from,
    to,
    reason: series.reason,
    points: series.points.map((p) => ({
      date: p.date,
      amount: p.amount,
      kind: p.kind,
      balanceType: p.balanceType ?? null,
    })),
    balances: stored
      .filter((b) => b.referenceDate >= from && b.referenceDate <= to)
      .map((b) => ({
        id: b.id,
        referenceDate: b.referenceDate,
        balanceType: b.balanceType,
        amount: b.amount,
        currency: b.currency,
        source: b.source,
        observedAt: b.observedAt,
        anchor: anchorIds.has(b.id),
      })),
  };
}

/** The anchor for the end of `date`, or a 422 naming the nearest ones. */
function anchorAt(anchors: Anchor[], date: string, field: string): Anchor {
  const found = anchors.find((a) => a.date === date);
  if (found) return found;
  const before = anchors.filter((a) => a.date < date).at(-1)?.date;
  const after = anchors.find((a) => a.date > date)?.date;
  const nearest = [before, after].filter(Boolean).join(" and ");
  throw validationFailed({
    [field]: [
      `No booked balance is known for the end of ${date}.` +
        (nearest ? ` The nearest are at the end of ${nearest}.` : " None is known for this account yet."),
    ],
  });
}

/** What can be done about a window: read it again from the bank (within PSD2's reach) or import a statement for it. */
function remedies(window: ReconcileWindow, bankToday: string) {
  const reachable = window.from >= addDays(bankToday, -(REREAD_DAYS - 1));
  return {
    reread: reachable ? { dateFrom: window.from } : null,
    statement: { from: window.from, to: window.to },
  };
}

const view = (r: Reconciliation, bankToday: string) => ({
  holds: r.holds,
  expected: r.expected,
  actual: r.actual,
  difference: r.difference,
  bookedTotal: r.bookedTotal,
  bookedCount: r.bookedCount,
  windows: r.windows.map((w) => ({ ...w, remedies: remedies(w, bankToday) })),
});

/** Reconciliation between two balance points (default: the first and the newest the account has). */
export async function reconciliationOf(account: TrackedAccount, q: Span) {
  const currency = q.currency ?? account.currency;
  const { anchors, disagreements, newest } = await ledgerOf(account, currency);
  if (anchors.length === 0)
    throw validationFailed({
      from: ["No booked balance is known for this account yet: sync it, or import a statement file."],
    });
  const opening = q.from ? anchorAt(anchors, q.from, "from") : anchors[0];
  const closing = q.to ? anchorAt(anchors, q.to, "to") : anchors[anchors.length - 1];
  if (opening.date > closing.date) throw validationFailed({ from: ["`from` must not be after `to`."] });
  const days = await bookedDays(pool(), account.id, addDays(opening.date, 1), closing.date);
  const result = reconcile({ opening, closing, anchors, days, disagreements });
  return { accountId: account.id, currency, opening, closing, ...view(result, newest ?? today()) };
}

// ---------------------------------------------------------------------------------------------
// Months.

type MonthRow = {
  id: string;
  month: string;
  currency: string;
  openingDate: string;
  openingAmount: string;
  openingSource: AnchorSource;
  closingDate: string;
  closingAmount: string;
  closingSource: AnchorSource;
  bookedTotal: string;
  bookedCount: number;
  reconciledAt: Date;
  reconciledById: string | null;
  reconciledBy: string | null;
  // Rows of the month booked, changed or removed after it was closed, and its booked total now.
  changedSince: number;
  bookedTotalNow: string;
};

const MONTH_ROWS = `
SELECT m.id, m.month, m.currency, m.opening_date AS "openingDate", m.opening_amount::text AS "openingAmount",
       m.opening_source AS "openingSource", m.closing_date AS "closingDate", m.closing_amount::text AS "closingAmount",
       m.closing_source AS "closingSource", m.booked_total::text AS "bookedTotal", m.booked_count AS "bookedCount",
       m.reconciled_at AS "reconciledAt", m.reconciled_by_id AS "reconciledById", u.name AS "reconciledBy",
       (SELECT count(*)::int FROM transactions t
         WHERE t.account_id = m.account_id AND t.currency = m.currency
           AND t.sort_date > m.opening_date AND t.sort_date <= m.closing_date
           AND (t.updated_at > m.reconciled_at OR t.created_at > m.reconciled_at)) AS "changedSince",
       (SELECT coalesce(sum(t.amount), 0)::text FROM transactions t
         WHERE t.account_id = m.account_id AND t.currency = m.currency AND t.status = 'booked' AND t.removed_at IS NULL
           AND t.sort_date > m.opening_date AND t.sort_date <= m.closing_date) AS "bookedTotalNow"
  FROM reconciled_months m LEFT JOIN users u ON u.id = m.reconciled_by_id
 WHERE m.account_id = $1::uuid AND m.currency = $2`;

const monthView = (m: MonthRow) => ({
  id: m.id,
  month: m.month,
  currency: m.currency,
  opening: { date: m.openingDate, amount: m.openingAmount, source: m.openingSource },
  closing: { date: m.closingDate, amount: m.closingAmount, source: m.closingSource },
  bookedTotal: m.bookedTotal,
  bookedCount: m.bookedCount,
  reconciledAt: new Date(m.reconciledAt).toISOString(),
  reconciledBy: m.reconciledById ? { id: m.reconciledById, name: m.reconciledBy } : null,
  // Flagged: a transaction inside the month changed after it was closed.
  changedSince: m.changedSince,
  bookedTotalNow: m.bookedTotalNow,
});

type MonthStatus = "reconciled" | "changed_since" | "ready" | "difference" | "balance_missing";

const monthOf = (date: string) => date.slice(0, 7);
const previousMonth = (month: string) => monthOf(addDays(`${month}-01`, -1));

/**
 * The account's months, newest first (up to the month of its newest balance, at most 24): each
 * closed one with its record and whether anything in it changed since; each open one with whether
 * it can be closed on the balances known (both ends known and the month holds), or what is missing.
 */
export async function monthsOf(account: TrackedAccount, currency = account.currency) {
  const { anchors, disagreements, newest } = await ledgerOf(account, currency);
  const closed = await rows<MonthRow>(pool(), MONTH_ROWS, [account.id, currency]);
  const byMonth = new Map(closed.map((m) => [m.month, m]));
  const { rows: first } = await pool().query<{ first: string | null }>(
    `SELECT min(sort_date) AS first FROM transactions WHERE account_id = $1 AND removed_at IS NULL`,
    [account.id],
  );
  const last = monthOf(newest ?? today());
  const earliest = [first[0]?.first, anchors[0]?.date].filter((d): d is string => !!d).sort()[0] ?? `${last}-01`;
  const months: string[] = [];
  for (let m = last; m >= monthOf(earliest) && months.length < MONTHS_LISTED; m = previousMonth(m)) months.push(m);
  const span = months.length > 0 ? monthBounds(months[months.length - 1]).openingDate : null;
  const days = span ? await bookedDays(pool(), account.id, addDays(span, 1), monthBounds(months[0]).closingDate) : [];
  return {
    accountId: account.id,
    currency,
    months: months.map((month) => {
      const record = byMonth.get(month);
      const { openingDate, closingDate } = monthBounds(month);
      const opening = anchors.find((a) => a.date === openingDate) ?? null;
      const closing = anchors.find((a) => a.date === closingDate) ?? null;
      const check =
        opening && closing
          ? reconcile({
              opening,
              closing,
              anchors,
              days: days.filter((d) => d.date > openingDate && d.date <= closingDate),
              disagreements,
            })
          : null;
      const status: MonthStatus = record
        ? record.changedSince > 0 || compareDecimals(record.bookedTotalNow, record.bookedTotal) !== 0
          ? "changed_since"
          : "reconciled"
        : !check
          ? "balance_missing"
          : check.holds
            ? "ready"
            : "difference";
      return {
        month,
        status,
        openingDate,
        closingDate,
        opening: opening ? { amount: opening.amount, source: opening.source } : null,
        closing: closing ? { amount: closing.amount, source: closing.source } : null,
        difference: check && !check.holds ? check.difference : null,
        reconciled: record ? monthView(record) : null,
      };
    }),
  };
}

type CloseMonth = {
  account: TrackedAccount;
  month: string;
  currency?: string;
  /** Figures typed from a statement, where no balance is known for the month's ends. */
  openingBalance?: string;
  closingBalance?: string;
  actor: AuditActor;
  commit?: Commit<ReturnType<typeof monthView>>;
};

const personAnchor = (date: string, amount: string, currency: string): Anchor => ({
  date,
  amount,
  currency,
  source: "person",
  balanceType: "closingBooked",
});

/**
 * Closes a month: opening (the end of the month before) + the month's booked transactions must
 * equal its closing balance exactly; each end is the bank's or a file's balance, or a figure the
 * person typed from their statement. A month that does not hold is refused (422) with where the
 * difference lies; one already closed is a 409 (reopen it first). Audited.
 */
export async function closeMonth(input: CloseMonth) {
  const { account, month, actor, commit = transaction } = input;
  const currency = input.currency ?? account.currency;
  const { openingDate, closingDate } = monthBounds(month);
  const { anchors, disagreements } = await ledgerOf(account, currency);
  const opening =
    input.openingBalance !== undefined
      ? personAnchor(openingDate, input.openingBalance, currency)
      : anchorAt(anchors, openingDate, "openingBalance");
  const closing =
    input.closingBalance !== undefined
      ? personAnchor(closingDate, input.closingBalance, currency)
      : anchorAt(anchors, closingDate, "closingBalance");
  return commit(async (tx) => {
    // Read inside the write's transaction: the total recorded is the one that was checked.
    const days = await bookedDays(tx, account.id, addDays(openingDate, 1), closingDate);
    const result = reconcile({ opening, closing, anchors, days, disagreements });
    if (!result.holds) throw mismatch(result);
    const inserted = await rows<{ id: string }>(
      tx,
      `INSERT INTO reconciled_months (id, scope_id, account_id, month, currency, opening_date, opening_amount,
              closing_date, closing_amount, booked_total, booked_count, opening_source, closing_source, reconciled_by_id)
       VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3, $4, $5, $6::numeric, $7, $8::numeric, $9::numeric, $10, $11, $12, $13::uuid)
       ON CONFLICT (account_id, month, currency) DO NOTHING RETURNING id`,
      [
        account.scopeId,
        account.id,
        month,
        currency,
        openingDate,
        opening.amount,
        closingDate,
        closing.amount,
        result.bookedTotal,
        result.bookedCount,
        opening.source,
        closing.source,
        actorUserId(actor),
      ],
    );
    if (inserted.length === 0) throw conflict(`${month} is already reconciled for ${currency}; reopen it first.`);
    await recordAudit(tx, account.scopeId, actor, {
      action: "account.month_reconciled",
      recordType: "account",
      recordId: account.id,
      after: { month, currency, openingAmount: opening.amount, closingAmount: closing.amount },
    });
    return monthView(
      (await rows<MonthRow>(tx, `${MONTH_ROWS} AND m.id = $3::uuid`, [account.id, currency, inserted[0].id]))[0],
    );
  });
}

/** A 422 saying by how much the month is off and on which days the difference can lie. */
function mismatch(r: Reconciliation) {
  const where = r.windows
    .map((w) => (w.from === w.to ? `${w.from} (${w.difference})` : `${w.from} to ${w.to} (${w.difference})`))
    .join(", ");
  return validationFailed(
    {
      closingBalance: [
        `The opening balance + ${r.bookedCount} booked transactions (${r.bookedTotal}) = ${r.expected}, ` +
          `but the closing balance is ${r.actual}: a difference of ${r.difference}, in ${where}. ` +
          "Read those days again from the bank, or import the statement file for them.",
      ],
    },
    "The month does not reconcile; see error.details.",
  );
}

/** Reopens a closed month (its record removed, the reopening audited); 404 when it is not closed. */
export async function reopenMonth(input: {
  account: TrackedAccount;
  month: string;
  currency?: string;
  actor: AuditActor;
  commit?: Commit<void>;
}) {
  const { account, month, actor, commit = transaction } = input;
  const currency = input.currency ?? account.currency;
  await commit(async (tx: Tx) => {
    const removed = await rows<{ opening: string; closing: string }>(
      tx,
      `DELETE FROM reconciled_months WHERE account_id = $1::uuid AND month = $2 AND currency = $3
       RETURNING opening_amount::text AS opening, closing_amount::text AS closing`,
      [account.id, month, currency],
    );
    if (removed.length === 0) throw notFound("Reconciled month");
    await recordAudit(tx, account.scopeId, actor, {
      action: "account.month_reopened",
      recordType: "account",
      recordId: account.id,
      before: { month, currency, openingAmount: removed[0].opening, closingAmount: removed[0].closing },
    });
  });
}
