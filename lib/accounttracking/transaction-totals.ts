// Totals of a filtered set of an account's transactions, per currency (never added across
// currencies), summed in SQL numeric. Own-account transfers are counted apart and left out of
// money in, money out and net, as they are neither.
import { readPoolAfterWrites } from "@/lib/accounttracking/read-after-writes";
import { filterConditions, type TransactionsFilter } from "@/lib/accounttracking/transaction-filter";
import { OWN_OF_ACCOUNT, TRANSACTIONS_FROM } from "@/lib/accounttracking/transactions";
import { isTransferSql } from "@/lib/accounttracking/transfers";

type Row = {
  currency: string;
  count: number;
  inflow: string;
  outflow: string;
  net: string;
  transfer_count: number;
  transfer_net: string;
};

export async function transactionTotals(accountId: string, filter: TransactionsFilter) {
  const values: unknown[] = [accountId];
  const where = filterConditions(filter, values);
  const db = await readPoolAfterWrites(accountId);
  const { rows } = await db.query<Row>(
    `WITH ${OWN_OF_ACCOUNT},
     f AS (SELECT t.currency, t.amount, ${isTransferSql("t", "ta.owner_name")} AS transfer FROM ${TRANSACTIONS_FROM} WHERE ${where.join(" AND ")})
     SELECT currency, count(*)::int AS count,
            coalesce(sum(amount) FILTER (WHERE amount > 0 AND NOT transfer), 0)::text AS inflow,
            coalesce(-sum(amount) FILTER (WHERE amount < 0 AND NOT transfer), 0)::text AS outflow,
            coalesce(sum(amount) FILTER (WHERE NOT transfer), 0)::text AS net,
            count(*) FILTER (WHERE transfer)::int AS transfer_count,
            coalesce(sum(amount) FILTER (WHERE transfer), 0)::text AS transfer_net
       FROM f GROUP BY currency ORDER BY currency`,
    values,
  );
  return {
    count: rows.reduce((n, r) => n + r.count, 0),
    currencies: rows.map((r) => ({
      currency: r.currency,
      count: r.count,
      inflow: r.inflow,
      outflow: r.outflow,
      net: r.net,
      transfers: { count: r.transfer_count, net: r.transfer_net },
    })),
  };
}
