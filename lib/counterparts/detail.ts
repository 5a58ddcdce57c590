// One counterpart in full: who is consolidated into it, its match keys, the raw bank names seen,
// totals and monthly totals (for its chart), over the scope or one account. Amounts are summed per
// currency only: over the whole scope a counterpart can be paid from a EUR and a USD account, and
// those sums must never be added together. Own-account transfers are left out of the totals
// (lib/accounttracking/transactions/transfers.ts). Totals are the maintained figures (counterpart_figures); the
// monthly chart reads the counterpart's rows by its index.
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";
import { serializeCounterpart } from "@/lib/counterparts/find";
import { memberIds } from "@/lib/counterparts/transactions";
import {
  accountCountsByRoot,
  FIGURE_TOTALS,
  NOT_TRANSFER,
  OWN_JOIN,
  ownCte,
  totalsOf,
  type TotalsRow,
} from "@/lib/counterparts/sql";
import { query } from "@/lib/db/sql";
import { boundCompany } from "@/lib/counterparts/company";

export async function counterpartDetail(db: Tx, counterpart: Counterpart, accountId?: string) {
  const scopeId = counterpart.scopeId;
  const ids = await memberIds(db, scopeId, counterpart.id);
  const [members, keys, names, monthly, totals, accounts, company] = await Promise.all([
    db.counterpart.findMany({ where: { scopeId, mergedIntoId: counterpart.id }, orderBy: { name: "asc" } }),
    db.counterpartKey.findMany({
      where: { scopeId, counterpartId: { in: ids } },
      orderBy: [{ kind: "asc" }, { value: "asc" }],
    }),
    query<{ name: string; count: number }>(
      db,
      `SELECT ll_other_party_name(amount, creditor_name, ultimate_creditor, debtor_name, ultimate_debtor) AS name,
              count(*)::int AS count
         FROM transactions WHERE coalesce(bound_counterpart_id, counterpart_id) = ANY($1::uuid[]) AND scope_id = $2::uuid AND removed_at IS NULL
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`,
      ids,
      scopeId,
    ),
    query<{ month: string; currency: string; count: number; sum_in: string; sum_out: string }>(
      db,
      `WITH ${ownCte("$2::uuid")}
       SELECT left(t.sort_date, 7) AS month, t.currency, count(*)::int AS count,
              coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0)::text AS sum_in,
              coalesce(-sum(t.amount) FILTER (WHERE t.amount < 0), 0)::text AS sum_out
         FROM transactions t ${OWN_JOIN} WHERE coalesce(t.bound_counterpart_id, t.counterpart_id) = ANY($1::uuid[]) AND t.scope_id = $2::uuid
          AND t.removed_at IS NULL AND ($3::uuid IS NULL OR t.account_id = $3::uuid) AND ${NOT_TRANSFER}
        GROUP BY 1, 2 ORDER BY 1, 2`,
      ids,
      scopeId,
      accountId ?? null,
    ),
    query<TotalsRow & { currency: string }>(
      db,
      `SELECT f.currency, ${FIGURE_TOTALS} FROM counterpart_figures f
        WHERE f.counterpart_id = ANY($1::uuid[]) AND f.scope_id = $2::uuid AND ($3::uuid IS NULL OR f.account_id = $3::uuid)
        GROUP BY f.currency ORDER BY f.currency`,
      ids,
      scopeId,
      accountId ?? null,
    ),
    accountCountsByRoot(db, scopeId, [counterpart.id]),
    boundCompany(db, counterpart),
  ]);
  const byCurrency = totals.map((t) => ({ currency: t.currency, ...totalsOf(t) }));
  // `totals` stays for callers that read one figure, but only when there is one currency to report.
  const single = byCurrency.length <= 1 ? totalsOf(totals[0]) : undefined;
  return {
    ...serializeCounterpart(counterpart, single),
    totalsByCurrency: byCurrency,
    accountCount: accounts.get(counterpart.id) ?? 0,
    members: members.map((m) => serializeCounterpart(m)),
    keys: keys.map((k) => ({ kind: k.kind, value: k.value, counterpartId: k.counterpartId })),
    bankNames: names.filter((n) => n.name !== null),
    company,
    monthly: monthly.map((m) => ({
      month: m.month,
      currency: m.currency,
      count: m.count,
      sumIn: m.sum_in,
      sumOut: m.sum_out,
    })),
  };
}
