// GET   /api/accounttracking/v1/transactions/{transactionId} — scoped; accounts.read. One transaction.
// PATCH — scoped; a person with counterparts.write: {note?: string | null, tags?: string[]} sets the
//         person's note and tags (a field left out is kept; tags are one lower-case word each).
//         Searchable, in the CSV, and recorded in the audit trail. Answers the transaction.
import { TransactionSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route, scoped } from "@/lib/api/route";
import { TransactionNoteBody } from "@/lib/accounttracking/schemas";
import { setTransactionNote } from "@/lib/accounttracking/transactions/notes";
import { getTransaction } from "@/lib/accounttracking/transactions/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getTransaction", "One transaction", {
    ...scoped("any", "accounts.read"),
    uuidParams: ["transactionId"],
    responses: { 200: TransactionSchema },
    handler: async ({ db, scope, params }) => ({ data: await getTransaction(db, scope.scopeId, params.transactionId) }),
  }),
  PATCH: route("setTransactionNote", "Set a transaction's note and tags", {
    ...scoped("user", "counterparts.write"),
    uuidParams: ["transactionId"],
    body: TransactionNoteBody,
    responses: { 200: TransactionSchema },
    handler: ({ scope, params, body, answer, actor }) =>
      answer(
        setTransactionNote,
        { scopeId: scope.scopeId, transactionId: params.transactionId, change: body, actor },
        async (_, tx) => ({ data: await getTransaction(tx, scope.scopeId, params.transactionId) }),
      ),
  }),
});
