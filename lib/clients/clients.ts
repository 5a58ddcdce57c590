import { notFound } from "@/lib/errors";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import { createdAtKeyset } from "@/lib/pagination";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { escapeLike } from "@/lib/db/like";
import type { Client } from "@/lib/generated/prisma/client";
import type { CLIENT_TYPES } from "@/lib/clients/schemas";

export function serializeClient(client: Client) {
  return {
    id: client.id,
    // Stored as text; only CLIENT_TYPES are ever written (CreateClientBody).
    type: client.type as (typeof CLIENT_TYPES)[number],
    displayName: client.displayName,
    countryCode: client.countryCode,
    registrationNumber: client.registrationNumber,
    lei: client.lei,
    createdAt: client.createdAt.toISOString(),
  };
}

type NewClient = {
  scopeId: string;
  createdById: string | null;
  type: string;
  displayName: string;
  countryCode: string;
  /** A company's identifiers, when it comes from a registry record (bind-company). */
  registrationNumber?: string | null;
  lei?: string | null;
};

/** create-client, the verb: the client and its audit row. */
export function createClient({
  actor,
  commit = transaction,
  ...input
}: NewClient & Audited<ReturnType<typeof serializeClient>>) {
  return commit(async (db) => {
    const client = await db.client.create({ data: input });
    await recordAudit(db, input.scopeId, actor, {
      action: "client.created",
      recordType: "client",
      recordId: client.id,
      after: {
        type: client.type,
        displayName: client.displayName,
        countryCode: client.countryCode,
        ...(client.registrationNumber ? { registrationNumber: client.registrationNumber, lei: client.lei } : {}),
      },
    });
    return serializeClient(client);
  });
}

/** Newest first, keyset over (created_at, id). */
export async function listClients(
  db: Tx,
  scopeId: string,
  query: { perPage: number; cursor?: string; search?: string },
) {
  const keyset = createdAtKeyset({ name: `clients:${scopeId}`, filters: { search: query.search } }, query, "desc");
  const rows = await db.client.findMany(
    keyset.args({
      scopeId,
      ...(query.search ? { displayName: { contains: escapeLike(query.search), mode: "insensitive" as const } } : {}),
    }),
  );
  const page = keyset.page(rows);
  return { items: page.items.map(serializeClient), meta: page.meta };
}

export async function getClient(db: Tx, scopeId: string, id: string) {
  const client = await db.client.findFirst({ where: { id, scopeId } });
  if (!client) throw notFound("Client");
  return serializeClient(client);
}
