// PUT /api/accounttracking/v1/transactions/{transactionId}/transfer — {isTransfer}: a person says
// whether this is a transfer between the scope's own accounts (overrides detection; kept across
// re-syncs). DELETE returns it to detection. A person with counterparts.write; answers the transaction.
import { TransactionSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route, scoped } from "@/lib/api/route";
import { TransferBody } from "@/lib/accounttracking/schemas";
import { getTransaction } from "@/lib/accounttracking/transactions/transactions";
import { setTransferOverride } from "@/lib/accounttracking/transactions/transfers";
import type { Tx } from "@/lib/db/client";

// The answer reads the row as just changed, in the change's own transaction.
const reread = (scopeId: string, transactionId: string) => async (_: void, tx: Tx) => ({
  data: await getTransaction(tx, scopeId, transactionId),
});

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  PUT: route("markTransactionTransfer", "Say whether a transaction is an own-account transfer", {
    description: "Wins over detection and survives re-syncs.",
    ...scoped("user", "counterparts.write"),
    uuidParams: ["transactionId"],
    body: TransferBody,
    responses: { 200: TransactionSchema },
    handler: ({ scope, params, body, actor, answer }) => {
      const change = { scopeId: scope.scopeId, transactionId: params.transactionId, value: body.isTransfer, actor };
      return answer(setTransferOverride, change, reread(scope.scopeId, params.transactionId));
    },
  }),
  DELETE: route("clearTransactionTransfer", "Return a transaction to own-account transfer detection", {
    ...scoped("user", "counterparts.write"),
    uuidParams: ["transactionId"],
    responses: { 200: TransactionSchema },
    handler: ({ scope, params, actor, answer }) => {
      const change = { scopeId: scope.scopeId, transactionId: params.transactionId, value: null, actor };
      return answer(setTransferOverride, change, reread(scope.scopeId, params.transactionId));
    },
  }),
});
