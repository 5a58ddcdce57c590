// PUT    /api/accounttracking/v1/transactions/{transactionId}/counterpart — a person with
//        counterparts.write. {counterpartId} binds this one transaction to a counterpart; the
//        binding wins over the derived counterpart and survives re-syncs and re-issued bank ids.
// DELETE /api/accounttracking/v1/transactions/{transactionId}/counterpart — removes the binding
//        (the derived counterpart applies again).
// Both answer the transaction with counterpartId (effective), derivedCounterpartId and isBound.
import { TRANSACTION_BINDING } from "@/lib/api/records";
import { CounterpartTransactionSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route } from "@/lib/api/route";
import { BindTransactionBody } from "@/lib/counterparts/schemas";
import { bindTransaction, serializeCounterpartTransaction } from "@/lib/counterparts/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  PUT: route("bindTransactionCounterpart", "Bind one transaction to a counterpart (survives re-syncs)", {
    ...TRANSACTION_BINDING,
    body: BindTransactionBody,
    responses: { 200: CounterpartTransactionSchema },
    handler: ({ scope, body, found, answer, actor }) =>
      answer(
        bindTransaction,
        { scopeId: scope.scopeId, transactionId: found.id, counterpartId: body.counterpartId, actor },
        (row) => ({ data: serializeCounterpartTransaction(row) }),
      ),
  }),
  DELETE: route("unbindTransactionCounterpart", "Remove a transaction's counterpart binding", {
    description: "The derived counterpart applies again.",
    ...TRANSACTION_BINDING,
    responses: { 200: CounterpartTransactionSchema },
    handler: ({ scope, found, answer, actor }) =>
      answer(
        bindTransaction,
        { scopeId: scope.scopeId, transactionId: found.id, counterpartId: null, actor },
        (row) => ({ data: serializeCounterpartTransaction(row) }),
      ),
  }),
});
