import { notFound } from "@/lib/api/errors";
import { decodeCursor, pageOf } from "@/lib/api/pagination";
import type { Tx } from "@/lib/db/client";
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
    createdAt: client.createdAt.toISOString(),
  };
}

export async function createClient(
  db: Tx,
  scopeId: string,
  createdById: string | null,
  input: { type: string; displayName: string; countryCode: string },
) {
  const client = await db.client.create({ data: { ...input, scopeId, createdById } });
  return serializeClient(client);
}

/** Newest first, keyset over (created_at, id). */
export async function listClients(
  db: Tx,
  scopeId: string,
  query: { perPage: number; cursor?: string; search?: string },
) {
  const list = { name: `clients:${scopeId}`, filters: { search: query.search } };
  const after = decodeCursor(list, query.cursor, 2);
  const rows = await db.client.findMany({
    where: {
      scopeId,
      ...(query.search ? { displayName: { contains: escapeLike(query.search), mode: "insensitive" as const } } : {}),
      ...(after
        ? {
            OR: [
              { createdAt: { lt: new Date(String(after[0])) } },
              { createdAt: new Date(String(after[0])), id: { lt: String(after[1]) } },
            ],
          }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.perPage + 1,
  });
  const page = pageOf(list, rows, query.perPage, (c) => [c.createdAt.toISOString(), c.id]);
  return { items: page.items.map(serializeClient), meta: page.meta };
}

export async function getClient(db: Tx, scopeId: string, id: string) {
  const client = await db.client.findFirst({ where: { id, scopeId } });
  if (!client) throw notFound("Client");
  return serializeClient(client);
}
