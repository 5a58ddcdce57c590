"use client";
import { ConsentRow } from "@/components/accounttracking/consent-row";
import { ButtonLink } from "@/components/ui/button";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { useConsents } from "@/lib/client/accounttracking";
import { useCurrentScope } from "@/lib/client/hooks";
import { QueryStates } from "@/components/ui/query-states";

export function ConsentsPage() {
  const { scope } = useCurrentScope();
  const consents = useConsents();
  const canSetUp = scope ? scope.role !== "viewer" : false;
  const connect = canSetUp ? <ButtonLink href="/connect">Connect a bank</ButtonLink> : undefined;
  const items = consents.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Bank connections"
        description="Consents you gave banks to share account data, how long they last, and the accounts behind them."
        action={connect}
      />
      <Card>
        <QueryStates
          query={consents}
          rows={4}
          loading="Loading bank connections"
          isEmpty={() => items.length === 0}
          empty={
            <EmptyState title="No bank connected yet" action={connect}>
              Connect a bank to see its accounts here. You approve access at your bank; nothing is read before that.
            </EmptyState>
          }
        >
          {() => (
            <Table caption="Bank connections" head={["Bank", "Status", "Validity", "Valid until", ""]}>
              {items.map((c) => (
                <ConsentRow key={c.id} consent={c} canSetUp={canSetUp} />
              ))}
            </Table>
          )}
        </QueryStates>
      </Card>
    </>
  );
}
