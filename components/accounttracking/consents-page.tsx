"use client";
import Link from "next/link";
import { ConsentStatusBadge, statusNote, ValidityBar } from "@/components/accounttracking/consent-bits";
import { RevokeButton } from "@/components/accounttracking/revoke-button";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { formatDate } from "@/components/ui/format";
import { Table, Td } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { useConsentAction, useConsents } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";
import { useCurrentScope } from "@/lib/client/hooks";
import { QueryStates } from "@/components/ui/query-states";

export function ConsentsPage() {
  const { scope } = useCurrentScope();
  const consents = useConsents();
  const renew = useConsentAction("renew");
  const toast = useToast();
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
                <tr key={c.id}>
                  <Td>
                    <Link href={`/consents/${c.id}`} className="font-medium text-indigo-700 hover:underline">
                      {c.bankName ?? "Bank not chosen"}
                    </Link>
                    <span className="block text-xs text-slate-500">
                      {c.purpose === "account_access" ? "Accounts, balances, transactions" : "Account list"} · created{" "}
                      {formatDate(c.createdAt)}
                    </span>
                  </Td>
                  <Td>
                    <ConsentStatusBadge status={c.status} />
                    {statusNote(c) && (
                      <span className="mt-1 block max-w-56 whitespace-normal text-xs text-slate-600">
                        {statusNote(c)}
                      </span>
                    )}
                  </Td>
                  <Td>
                    <ValidityBar consent={c} />
                  </Td>
                  <Td>{c.validUntil ? formatDate(c.validUntil) : "—"}</Td>
                  <Td className="text-right">
                    {canSetUp && (
                      <span className="inline-flex gap-2">
                        {c.status !== "pending" && c.status !== "rejected" && c.status !== "renewed" && (
                          <Button
                            size="sm"
                            variant="secondary"
                            pending={renew.isPending && renew.variables === c.id}
                            onClick={() => renew.mutate(c.id, { onError: (e) => toast.error(errorMessage(e)) })}
                          >
                            {c.status === "valid" ? "Renew" : "Reconnect"}
                            <span className="sr-only"> {c.bankName ?? "this bank"}</span>
                          </Button>
                        )}
                        {(c.status === "valid" || c.status === "pending") && <RevokeButton consent={c} />}
                      </span>
                    )}
                  </Td>
                </tr>
              ))}
            </Table>
          )}
        </QueryStates>
      </Card>
    </>
  );
}
