"use client";
// An endpoint's recent messages in Settings → Webhooks: event, status, attempts, the receiver's last
// answer and latency, when; failed ones first catch the eye, and any can be sent again (replay). What
// a replay did is said on a status line that takes focus: the list is fetched again after it, and the
// row's button may not be where it was.
import { useRef, useState } from "react";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
import { Badge } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { LoadMoreButton } from "@/components/ui/load-more";
import { PagedStates } from "@/components/ui/query-states";
import { Table, Td } from "@/components/ui/table";
import { errorMessage } from "@/lib/client/errors";
import { useReplayWebhookDelivery, useWebhookDeliveries, type WebhookDelivery } from "@/lib/client/webhooks";

const TONE = { succeeded: "green", pending: "amber", failed: "red" } as const;

function answer(d: WebhookDelivery): string {
  if (d.lastStatusCode !== null) return `HTTP ${d.lastStatusCode}${d.lastError ? ` · ${d.lastError}` : ""}`;
  return d.lastError ?? "—";
}

export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const replay = useReplayWebhookDelivery();
  const [said, setSaid] = useState<ActionOutcome | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const send = (d: WebhookDelivery) =>
    replay.mutate(d.id, {
      onSuccess: () => setSaid(outcome(`The ${d.eventType} message is queued to be sent again.`)),
      onError: (error) => setSaid(outcome(`The message was not sent again: ${errorMessage(error)}`, "error")),
    });
  return (
    <div ref={list} className="space-y-2">
      <ActionStatus outcome={said} from={list} />
      <PagedStates
        query={deliveries}
        rows={3}
        loading="Loading messages"
        empty={
          <EmptyState title="No messages yet">Messages appear here as the events it subscribes to happen.</EmptyState>
        }
      >
        {(items) => (
          <>
            <Table
              caption="Recent messages"
              actions
              head={["Event", "Status", "Attempts", "Last answer", "Latency", "Created"]}
            >
              {items.map((d) => (
                <tr key={d.id}>
                  <Td>
                    <code className="font-mono text-xs">{d.eventType}</code>
                  </Td>
                  <Td>
                    <Badge tone={TONE[d.status]}>{d.status}</Badge>
                    {d.status === "pending" && d.attempts > 0 && (
                      <span className="block text-xs text-slate-500">next {formatDateTime(d.nextAttemptAt)}</span>
                    )}
                  </Td>
                  <Td>{d.attempts}</Td>
                  <Td className="max-w-xs break-words">{answer(d)}</Td>
                  <Td>{d.lastLatencyMs === null ? "—" : `${d.lastLatencyMs} ms`}</Td>
                  <Td>{formatDateTime(d.createdAt)}</Td>
                  <Td>
                    <Button
                      variant="secondary"
                      size="sm"
                      pending={replay.isPending && replay.variables === d.id}
                      onClick={() => send(d)}
                      aria-label={`Send the ${d.eventType} message of ${formatDateTime(d.createdAt)} again`}
                    >
                      Replay
                    </Button>
                  </Td>
                </tr>
              ))}
            </Table>
            <LoadMoreButton pages={deliveries} size="sm" />
          </>
        )}
      </PagedStates>
    </div>
  );
}
