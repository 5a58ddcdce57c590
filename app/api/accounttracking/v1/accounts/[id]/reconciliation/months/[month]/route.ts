// PUT /api/accounttracking/v1/accounts/{id}/reconciliation/months/{month} — scoped; a person with
// accounts.setup. Closes the month (YYYY-MM): the end of the month before + its booked transactions
// must equal the end of the month, exactly. Each end is the balance known for it (bank or file) or
// the figure the body gives from the statement. 201 with the record; 422 when the month does not
// reconcile (details name the days and the difference) or an end is unknown; 409 when already closed.
// DELETE … reopens it (204). Both audited.
import { accountRoute } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { closeMonth, reopenMonth } from "@/lib/accounttracking/accounts/ledger";
import { CloseMonthBody, MonthsQuery } from "@/lib/accounttracking/schemas";
import { validationFailed } from "@/lib/errors";
import { isYearMonth } from "@/lib/ledger/reconcile";
import { ReconciledMonthSchema } from "@/lib/openapi/schemas/ledger";

const monthParam = (params: Record<string, string>) => {
  const month = params.month ?? "";
  if (!isYearMonth(month)) throw validationFailed({ month: ["Use a month written YYYY-MM, such as 2026-10."] });
  return month;
};

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  PUT: route("reconcileMonth", "Close a month on its two balances", {
    ...accountRoute("user", "accounts.setup"),
    body: CloseMonthBody,
    responses: { 201: ReconciledMonthSchema },
    errors: ["conflict"],
    handler: ({ body, params, found: account, answer, actor }) =>
      answer(closeMonth, { account, month: monthParam(params), ...body, actor }, (closed) => ({
        status: 201,
        data: closed,
      })),
  }),
  DELETE: route("reopenMonth", "Reopen a reconciled month", {
    ...accountRoute("user", "accounts.setup"),
    query: MonthsQuery,
    responses: { 204: null },
    handler: ({ query, params, found: account, answer, actor }) =>
      answer(reopenMonth, { account, month: monthParam(params), currency: query.currency, actor }, () => ({
        status: 204,
      })),
  }),
});
