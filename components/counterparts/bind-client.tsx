"use client";
// Binds a counterpart to a client of /api/clients/v1 (or unbinds it).
import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, NamedOptions } from "@/components/ui/field";
import { useCounterpartChange, type Entity } from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";
import { useClients } from "@/lib/client/hooks";
import { itemsOf } from "@/lib/client/domain-hooks";

export function BindClient({
  counterpartId,
  entity,
  canEdit,
}: {
  counterpartId: string;
  entity: Entity | null;
  canEdit: boolean;
}) {
  const clients = useClients("");
  const [clientId, setClientId] = useState("");
  const bind = useCounterpartChange((api, id: string) =>
    api.bindEntity(counterpartId, { entityType: "client", entityId: id }),
  );
  const unbind = useCounterpartChange((api) => api.unbindEntity(counterpartId));
  const options = itemsOf(clients.data);
  const bound = entity?.entityType === "client" ? options.find((c) => c.id === entity.entityId) : undefined;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-slate-700">
        {entity ? (
          <>
            Bound to {entity.entityType}{" "}
            <span className="font-medium">
              {bound?.displayName ?? (clients.isPending ? "…" : "no longer in this scope")}
            </span>
          </>
        ) : (
          "Not bound to a client."
        )}
      </p>
      {canEdit && !clients.isPending && options.length === 0 && (
        <p className="text-slate-600">
          No clients in this scope yet.{" "}
          <AppLink href="/clients" className="font-medium text-indigo-700 hover:underline">
            Create one under Clients
          </AppLink>
          , then bind it here.
        </p>
      )}
      {canEdit && options.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label="Client"
            className="rounded-md px-2 py-1.5 ring-1 ring-slate-300"
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
          >
            <option value="">Choose a client…</option>
            <NamedOptions items={options} />
          </select>
          <Button size="sm" disabled={!clientId} pending={bind.isPending} onClick={() => bind.mutate(clientId)}>
            Bind
          </Button>
          {entity && (
            <Button size="sm" variant="ghost" pending={unbind.isPending} onClick={() => unbind.mutate(undefined)}>
              Unbind
            </Button>
          )}
        </div>
      )}
      <FormError
        message={bind.isError ? errorMessage(bind.error) : unbind.isError ? errorMessage(unbind.error) : null}
      />
    </div>
  );
}
