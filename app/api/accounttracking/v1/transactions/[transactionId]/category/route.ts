// PUT /api/accounttracking/v1/transactions/{transactionId}/category — a person with counterparts.write.
// {categoryId} gives the transaction that category; {categoryId: null} clears it on purpose. Either
// way the person's choice wins over rules and the counterpart's default, and survives re-syncs.
// Audited (transaction.category_changed); answers the transaction.
import { TransactionSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route, scoped } from "@/lib/api/route";
import { getTransaction } from "@/lib/accounttracking/transactions/transactions";
import { SetCategoryBody } from "@/lib/categories/schemas";
import { setTransactionCategory } from "@/lib/categories/set-transaction-category";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  PUT: route("setTransactionCategory", "Set or clear a transaction's category", {
    description: "A person's choice: wins over rules and the counterpart's default, and survives re-syncs.",
    ...scoped("user", "counterparts.write"),
    uuidParams: ["transactionId"],
    body: SetCategoryBody,
    responses: { 200: TransactionSchema },
    handler: ({ scope, params, body, actor, answer }) =>
      answer(
        setTransactionCategory,
        { scopeId: scope.scopeId, transactionId: params.transactionId, categoryId: body.categoryId, actor },
        async (_, tx) => ({ data: await getTransaction(tx, scope.scopeId, params.transactionId) }),
      ),
  }),
});
