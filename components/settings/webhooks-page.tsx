"use client";
// Settings → Webhooks, for the scope's admins: create an endpoint (its signing secret shown once),
// and for each endpoint its state (why it was disabled, since when it fails), its events, a new
// secret, disable/enable, delete, and its recent messages with replay (webhook-deliveries.tsx).
import { useRef, useState, type FormEvent } from "react";
import { AdminPage } from "@/components/settings/admin-page";
import { WebhookDeliveries } from "@/components/settings/webhook-deliveries";
import { NewSecret } from "@/components/tokens/new-secret";
import { Button } from "@/components/ui/button";
import { Badge, Card, CardHeader, EmptyState } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormError, TextField } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { useFocusFirstError } from "@/components/ui/use-focus-on";
import { QueryStates } from "@/components/ui/query-states";
import { useFields } from "@/components/ui/use-fields";
import { fieldError, formErrorMessage } from "@/lib/client/errors";
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
  type WebhookEndpoint,
} from "@/lib/client/webhooks";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENTS, type WebhookEventType } from "@/lib/webhooks/events";

export function WebhooksPage() {
  return (
    <AdminPage
      title="Webhooks"
      description="Tell your own software when something happens in this scope. Messages are signed (Standard Webhooks): verify each with its endpoint's secret, and drop repeats by their webhook-id."
      loading="Loading webhooks"
      what="manage webhooks"
    >
      {() => <WebhooksAdmin />}
    </AdminPage>
  );
}

function WebhooksAdmin() {
  const endpoints = useWebhookEndpoints();
  const admin = useRef<HTMLDivElement>(null);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  return (
    <div ref={admin} className="contents">
      <CreateEndpointCard onSecret={(value) => setSecret({ label: "Signing secret of the new endpoint", value })} />
      {secret && (
        <NewSecret
          label={secret.label}
          secret={secret.value}
          onDismiss={() => {
            // Done goes away with the secret: focus goes back to the form, for another endpoint.
            setSecret(null);
            admin.current?.querySelector<HTMLElement>("input")?.focus();
          }}
        />
      )}
      <Card>
        <CardHeader title="Endpoints" />
        <QueryStates
          query={endpoints}
          loading="Loading endpoints"
          empty={
            <EmptyState title="No endpoints yet">
              Add one above: a URL of yours that receives a signed POST for each event it subscribes to.
            </EmptyState>
          }
        >
          {(list) => (
            <ul className="divide-y divide-slate-100">
              {list.map((e) => (
                <EndpointItem
                  key={e.id}
                  endpoint={e}
                  onSecret={(value) => setSecret({ label: `New signing secret of ${e.url}`, value })}
                />
              ))}
            </ul>
          )}
        </QueryStates>
      </Card>
    </div>
  );
}

function CreateEndpointCard({ onSecret }: { onSecret: (secret: string) => void }) {
  const create = useCreateWebhookEndpoint();
  const { values, bind, reset } = useFields({ url: "", description: "" }, (field) => fieldError(create.error, field));
  const [events, setEvents] = useState<WebhookEventType[]>(["transactions.changed"]);
  // A refused endpoint (a private address, no events): focus goes to what to fix.
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: values.url.trim(), events, description: values.description.trim() || null },
      {
        onSuccess: (created) => {
          onSecret(created.secret);
          reset();
          create.reset();
        },
      },
    );
  };
  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((now) => (on ? [...now, type] : now.filter((t) => t !== type)));
  return (
    <Card>
      <CardHeader
        title="Add an endpoint"
        description="Its URL must be reachable from the internet (no private addresses)."
      />
      <form ref={form} aria-label="Add a webhook endpoint" onSubmit={submit} className="space-y-4 px-5 pb-5">
        <FormError message={formErrorMessage(create.error, ["url", "events", "description"])} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="URL"
            type="url"
            required
            placeholder="https://example.com/ledgerlink-webhooks"
            {...bind("url")}
          />
          <TextField label="Description (optional)" maxLength={200} {...bind("description")} />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Events</legend>
          <div className="space-y-2">
            {WEBHOOK_EVENTS.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={events.includes(type)}
                  onChange={(e) => toggle(type, e.target.checked)}
                />
                <span>
                  <code className="font-mono text-xs">{type}</code>
                  <span className="block text-xs text-slate-500">{WEBHOOK_EVENT_DESCRIPTIONS[type]}</span>
                </span>
              </label>
            ))}
          </div>
          <FormError message={fieldError(create.error, "events")} />
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" pending={create.isPending} disabled={events.length === 0}>
            Add endpoint
          </Button>
        </div>
      </form>
    </Card>
  );
}

function EndpointItem({ endpoint: e, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const [open, setOpen] = useState(false);
  const error = update.error ?? remove.error ?? rotate.error;
  // A refused Disable, Enable or New secret: focus goes to the error, not lost with the press.
  const item = useRef<HTMLLIElement>(null);
  useFocusFirstError(item, error);
  return (
    <li ref={item} className="space-y-3 px-5 py-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-medium text-slate-900">{e.url}</p>
          {e.description && <p className="text-slate-600">{e.description}</p>}
        </div>
        {e.enabled ? (
          e.failingSince ? (
            <Badge tone="amber">Failing since {formatDateTime(e.failingSince)}</Badge>
          ) : (
            <Badge tone="green">Enabled</Badge>
          )
        ) : (
          <Badge tone="red">Disabled</Badge>
        )}
      </div>
      {!e.enabled && e.disabledReason && (
        <p role="status" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          Disabled {formatDateTime(e.disabledAt)}: {e.disabledReason}
        </p>
      )}
      <p className="text-slate-600">
        Events:{" "}
        {e.events.map((t) => (
          <code key={t} className="mr-2 font-mono text-xs">
            {t}
          </code>
        ))}
      </p>
      <FormError message={error ? formErrorMessage(error) : null} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? "Hide messages" : "Messages"}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          pending={update.isPending}
          onClick={() => update.mutate({ id: e.id, enabled: !e.enabled })}
        >
          {e.enabled ? "Disable" : "Enable"}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          pending={rotate.isPending}
          onClick={() => rotate.mutate(e.id, { onSuccess: (r) => onSecret(r.secret) })}
        >
          New secret
        </Button>
        <ConfirmButton
          title="Delete this endpoint?"
          body="Its messages go with it, and it receives nothing more. This cannot be undone."
          confirmLabel="Delete endpoint"
          cancelLabel="Keep it"
          onConfirm={() => remove.mutateAsync(e.id)}
        >
          Delete
        </ConfirmButton>
      </div>
      {open && <WebhookDeliveries endpointId={e.id} />}
    </li>
  );
}
