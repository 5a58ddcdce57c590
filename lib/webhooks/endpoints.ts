// A scope's webhook endpoints: created, read, changed, deleted and given a new secret by its admins.
// Each verb writes in the caller's transaction with its audit row (never the secret). A URL must
// reach a public host (lib/webhooks/ssrf.ts); the secret is returned by create and rotate only.
import "server-only";
import { actorUserId, type AuditActor } from "@/lib/audit/actor";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { notFound, validationFailed } from "@/lib/errors";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { WebhookEventType } from "@/lib/webhooks/events";
import { newWebhookSecret, sealSecret } from "@/lib/webhooks/secret";
import { queueEndpoint } from "@/lib/webhooks/dispatch";
import { resolveTarget, webhookAllowedHosts } from "@/lib/webhooks/ssrf";

/** How long a rotated-out secret keeps signing beside the new one. */
const PREVIOUS_SECRET_HOURS = 24;

export function serializeEndpoint(e: WebhookEndpoint) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    // Stored only from the validated body (lib/webhooks/schemas.ts).
    events: e.events as WebhookEventType[],
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    disabledAt: e.disabledAt?.toISOString() ?? null,
    failingSince: e.failingSince?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

const audited = (e: WebhookEndpoint) => ({
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
});

/** 422 naming `url` when webhooks may not reach it. */
export async function checkUrl(url: string, allowedHosts: string[] = webhookAllowedHosts()): Promise<void> {
  const target = await resolveTarget(url, allowedHosts);
  if ("refused" in target) throw validationFailed({ url: [target.refused] });
}

export async function findEndpoint(db: Tx, scopeId: string, id: string): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id, scopeId } });
  if (!endpoint) throw notFound("Webhook endpoint");
  return endpoint;
}

export async function listEndpoints(db: Tx, scopeId: string) {
  const rows = await db.webhookEndpoint.findMany({
    where: { scopeId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(serializeEndpoint);
}

type EndpointInput = { url: string; events: string[]; description?: string | null };

type EndpointAnswer = ReturnType<typeof serializeEndpoint>;
type Where = { scopeId: string; allowedHosts?: string[] };

/** create-webhook-endpoint, the verb: its URL checked (no transaction open), then the endpoint and its audit row. */
export async function createEndpoint({
  scopeId,
  allowedHosts,
  actor,
  commit = transaction,
  ...input
}: Where & EndpointInput & Audited<EndpointAnswer & { secret: string }>) {
  await checkUrl(input.url, allowedHosts);
  const secret = newWebhookSecret();
  return commit(async (db) => {
    const endpoint = await db.webhookEndpoint.create({
      data: {
        scopeId,
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description ?? null,
        secretCiphertext: sealSecret(secret),
        createdById: actorUserId(actor),
      },
    });
    await recordAudit(db, scopeId, actor, {
      action: "webhook_endpoint.created",
      recordType: "webhook_endpoint",
      recordId: endpoint.id,
      after: audited(endpoint),
    });
    return { ...serializeEndpoint(endpoint), secret };
  });
}

type EndpointChange = Partial<EndpointInput> & { enabled?: boolean };

type One = { scopeId: string; id: string };

/** update-webhook-endpoint, the verb: a new URL checked first (no transaction open). */
export async function updateEndpoint({
  allowedHosts,
  commit = transaction,
  ...input
}: Where & One & { change: EndpointChange } & Audited<EndpointAnswer>) {
  if (input.change.url !== undefined) await checkUrl(input.change.url, allowedHosts);
  return commit((db) => update(db, input));
}

async function update(db: Tx, { scopeId, id, change, actor }: One & { change: EndpointChange; actor: AuditActor }) {
  const before = await findEndpoint(db, scopeId, id);
  // Enabling again starts a fresh count of failures (the reason it was disabled is kept until then).
  const enabling = change.enabled === true && !before.enabled;
  const after = await db.webhookEndpoint.update({
    where: { id },
    data: {
      url: change.url,
      events: change.events ? [...new Set(change.events)] : undefined,
      description: change.description,
      enabled: change.enabled,
      ...(enabling ? { disabledReason: null, disabledAt: null, failingSince: null } : {}),
      ...(change.enabled === false && before.enabled
        ? { disabledReason: "Disabled by a person.", disabledAt: new Date() }
        : {}),
      updatedAt: new Date(),
    },
  });
  // Its waiting messages go at once, in order, rather than at their next retry (or the worker's tick).
  if (enabling)
    await db.webhookDelivery.updateMany({
      where: { endpointId: id, status: "pending" },
      data: { nextAttemptAt: new Date() },
    });
  if (after.enabled) await queueEndpoint(id, 0, db);
  await recordAudit(db, scopeId, actor, {
    action: "webhook_endpoint.updated",
    recordType: "webhook_endpoint",
    recordId: id,
    before: audited(before),
    after: audited(after),
  });
  return serializeEndpoint(after);
}

export function deleteEndpoint({ scopeId, id, actor, commit = transaction }: One & Audited<void>): Promise<void> {
  return commit(async (db) => {
    const before = await findEndpoint(db, scopeId, id);
    await db.webhookEndpoint.delete({ where: { id } });
    await recordAudit(db, scopeId, actor, {
      action: "webhook_endpoint.deleted",
      recordType: "webhook_endpoint",
      recordId: id,
      before: audited(before),
    });
  });
}

/** A new secret, shown once; the old one signs beside it for a day, so receivers switch without a gap. */
export function rotateSecret({ commit = transaction, ...input }: One & Audited<EndpointAnswer & { secret: string }>) {
  return commit((db) => rotate(db, input));
}

async function rotate(db: Tx, { scopeId, id, actor }: One & { actor: AuditActor }) {
  const before = await findEndpoint(db, scopeId, id);
  const secret = newWebhookSecret();
  const after = await db.webhookEndpoint.update({
    where: { id },
    data: {
      secretCiphertext: sealSecret(secret),
      previousSecretCiphertext: before.secretCiphertext,
      previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_HOURS * 3_600_000),
      updatedAt: new Date(),
    },
  });
  await recordAudit(db, scopeId, actor, {
    action: "webhook_endpoint.secret_rotated",
    recordType: "webhook_endpoint",
    recordId: id,
    after: { previousSecretValidHours: PREVIOUS_SECRET_HOURS },
  });
  return { ...serializeEndpoint(after), secret };
}
