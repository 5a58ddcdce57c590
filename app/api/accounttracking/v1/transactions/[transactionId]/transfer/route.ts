// PUT /api/accounttracking/v1/transactions/{transactionId}/transfer — {isTransfer}: a person says
// whether this is a transfer between the scope's own accounts (overrides detection; kept across
// re-syncs). DELETE returns it to detection. A person with counterparts.write; answers the transaction.
import { TransactionSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route, scoped } from "@/lib/api/route";
import { TransferBody } from "@/lib/accounttracking/schemas";
import { getTransaction } from "@/lib/accounttracking/transactions/transactions";
import { setTransferOverride } from "@/lib/accounttracking/transactions/transfers";
import { auditActor } from "@/lib/audit/actor";
import type { UserPrincipal } from "@/lib/auth/principal";
import type { Tx } from "@/lib/db/client";

type Ctx = {
  db: Tx;
  scope: { scopeId: string };
  params: Record<string, string>;
  body: { isTransfer: boolean } | undefined;
  principal: UserPrincipal;
  requestId: string;
};

// Both run in the kernel's write transaction, so the answer reads the row as just changed.
const change =
  (value: (body: Ctx["body"]) => boolean | null) =>
  async ({ db, scope, params, body, principal, requestId }: Ctx) => {
    const actor = auditActor(principal, requestId);
    await setTransferOverride(db, scope.scopeId, params.transactionId, value(body), actor);
    return { data: await getTransaction(db, scope.scopeId, params.transactionId) };
  };

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  PUT: route("markTransactionTransfer", "Say whether a transaction is an own-account transfer", {
    description: "Wins over detection and survives re-syncs.",
    ...scoped("user", "counterparts.write"),
    uuidParams: ["transactionId"],
    body: TransferBody,
    responses: { 200: TransactionSchema },
    handler: change((body) => body?.isTransfer ?? null),
  }),
  DELETE: route("clearTransactionTransfer", "Return a transaction to own-account transfer detection", {
    ...scoped("user", "counterparts.write"),
    uuidParams: ["transactionId"],
    responses: { 200: TransactionSchema },
    handler: change(() => null),
  }),
});
