"use client";
// Bank connections: the live ones first, one row each with the accounts tracked under it; every
// attempt that ended (declined, cancelled, renewed, revoked, expired, never finished) under History.
// Viewers read it all and are told who can change it.
import { groupConsents } from "@/components/accounttracking/consent-groups";
import { HistoryConsentRow, LiveConsentRow } from "@/components/accounttracking/consent-row";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader, EmptyState, PageHeader } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { useConsents } from "@/lib/client/accounttracking";
import { useAccounts } from "@/lib/client/accounts";
import { itemsOf } from "@/lib/client/domain-hooks";
import { useCurrentScope } from "@/lib/client/hooks";
import { QueryStates } from "@/components/ui/query-states";

export function ConsentsPage() {
  const { scope } = useCurrentScope();
  const consents = useConsents();
  const accounts = itemsOf(useAccounts().data);
  const canSetUp = scope ? scope.role !== "viewer" : false;
  const connect = canSetUp ? <ButtonLink href="/connect">Connect a bank</ButtonLink> : undefined;
  const items = consents.data?.items ?? [];
  const { live, history } = groupConsents(items);

  return (
    <>
      <PageHeader
        title="Bank connections"
        description={
          canSetUp
            ? "The access you gave banks to share account data, how long it lasts, and the accounts behind it."
            : "The access this scope has to banks and the accounts behind it. You can read them; members and admins connect, renew and revoke."
        }
        action={connect}
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Connected" description={live.length > 0 ? undefined : "Nothing is connected now."} />
          <QueryStates
            query={consents}
            rows={4}
            loading="Loading bank connections"
            isEmpty={() => live.length === 0}
            empty={
              <EmptyState title={items.length === 0 ? "No bank connected yet" : "No live connection"} action={connect}>
                {canSetUp
                  ? "Connect a bank to see its accounts here. You approve access at your bank; nothing is read before that."
                  : "A member or admin of this scope can connect a bank."}
              </EmptyState>
            }
          >
            {() => (
              <Table
                caption="Bank connections"
                actions
                head={["Bank and accounts", "Status", "Validity", "Valid until"]}
              >
                {live.map((c) => (
                  <LiveConsentRow
                    key={c.id}
                    consent={c}
                    accounts={accounts.filter((a) => a.consentId === c.id)}
                    canSetUp={canSetUp}
                  />
                ))}
              </Table>
            )}
          </QueryStates>
        </Card>
        {history.length > 0 && (
          <Card>
            <CardHeader
              title="History"
              description="Connections that ended or never started: declined or cancelled at the bank, renewed, revoked or expired. Their accounts' history stays."
            />
            <Table caption="Earlier bank connections" actions head={["Bank", "What happened", "Last change"]}>
              {history.map((c) => (
                <HistoryConsentRow key={c.id} consent={c} canSetUp={canSetUp} />
              ))}
            </Table>
          </Card>
        )}
      </div>
    </>
  );
}
