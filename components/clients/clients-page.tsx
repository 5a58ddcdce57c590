"use client";
import { useState } from "react";
import { CreateClientForm } from "@/components/clients/create-client-form";
import { CLIENT_TYPE_LABEL, countryName } from "@/components/clients/options";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, EmptyState, PageHeader } from "@/components/ui/card";
import { SearchField } from "@/components/ui/field";
import { formatDate } from "@/components/ui/format";
import { Table, Td } from "@/components/ui/table";
import { useDebounced } from "@/components/ui/use-debounced";
import { useClients, useCurrentScope } from "@/lib/client/hooks";
import { ShownAndMore } from "@/components/ui/load-more";
import { PagedStates } from "@/components/ui/query-states";

export function ClientsPage() {
  const { scope } = useCurrentScope();
  const [search, setSearch] = useState("");
  const deferredSearch = useDebounced(search);
  const [creating, setCreating] = useState(false);
  const clients = useClients(deferredSearch);
  const canWrite = scope ? scope.role !== "viewer" : false;

  return (
    <>
      <PageHeader
        title="Clients"
        description="The companies and people you work with in this scope."
        action={canWrite && !creating ? <Button onClick={() => setCreating(true)}>New client</Button> : undefined}
      />
      {creating && (
        <Card className="mb-6">
          <CardHeader title="New client" description="Add a company, sole trader, person or organisation." />
          <CreateClientForm onDone={() => setCreating(false)} />
        </Card>
      )}
      <Card>
        <div className="border-b border-slate-100 px-5 py-4">
          <SearchField
            label="Search clients"
            placeholder="Search by name"
            value={search}
            onSearch={setSearch}
            className="max-w-sm"
          />
        </div>
        <PagedStates
          query={clients}
          rows={5}
          loading="Loading clients"
          empty={
            deferredSearch.trim() ? (
              <EmptyState title={`No clients match “${deferredSearch.trim()}”`}>
                Try a shorter or different name, or clear the search.
              </EmptyState>
            ) : (
              <EmptyState
                title="No clients yet"
                action={
                  canWrite && !creating ? (
                    <Button onClick={() => setCreating(true)}>Add your first client</Button>
                  ) : undefined
                }
              >
                {canWrite
                  ? "Add the companies and people you work with: choose “New client”, give a name, a type and a country."
                  : "Your role in this scope is viewer, so you can't add clients. Ask an admin to add them or to change your role."}
              </EmptyState>
            )
          }
        >
          {(items) => (
            <>
              <Table caption="Clients" head={["Name", "Type", "Country", "Added"]}>
                {items.map((c) => (
                  <tr key={c.id}>
                    <Td className="font-medium text-slate-900">{c.displayName}</Td>
                    <Td>{CLIENT_TYPE_LABEL[c.type] ?? c.type}</Td>
                    <Td>
                      <span title={countryName(c.countryCode)}>{countryName(c.countryCode)}</span>{" "}
                      <span className="text-xs text-slate-600">{c.countryCode}</span>
                    </Td>
                    <Td>{formatDate(c.createdAt)}</Td>
                  </tr>
                ))}
              </Table>
              <ShownAndMore shown={items.length} noun="client" pages={clients} />
            </>
          )}
        </PagedStates>
      </Card>
    </>
  );
}
