// PUT    /api/accounttracking/v1/transactions/{transactionId}/counterpart — a person with
//        counterparts.write. {counterpartId} binds this one transaction to a counterpart; the
//        binding wins over the derived counterpart and survives re-syncs and re-issued bank ids.
// DELETE /api/accounttracking/v1/transactions/{transactionId}/counterpart — removes the binding
//        (the derived counterpart applies again).
// Both answer the transaction with counterpartId (effective), derivedCounterpartId and isBound.
import { methods, route } from "@/lib/api/route";
import { BindTransactionBody } from "@/lib/counterparts/schemas";
import { bindTransaction, findTransaction, serializeCounterpartTransaction } from "@/lib/counterparts/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route({
    auth: "user",
    scoped: true,
    uuidParams: ["transactionId"],
    body: BindTransactionBody,
    handler: async ({ db, scope, params, body, authorize }) => {
      await findTransaction(db, scope.scopeId, params.transactionId);
      authorize("counterparts.write");
      return {
        data: serializeCounterpartTransaction(
          await bindTransaction(db, scope.scopeId, params.transactionId, body.counterpartId),
        ),
      };
    },
  }),
  DELETE: route({
    auth: "user",
    scoped: true,
    uuidParams: ["transactionId"],
    handler: async ({ db, scope, params, authorize }) => {
      await findTransaction(db, scope.scopeId, params.transactionId);
      authorize("counterparts.write");
      return {
        data: serializeCounterpartTransaction(await bindTransaction(db, scope.scopeId, params.transactionId, null)),
      };
    },
  }),
});
