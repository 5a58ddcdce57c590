-- AlterTable
ALTER TABLE "sync_runs" ADD COLUMN     "feed_from" BIGINT;

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL,
    "scope_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "events" TEXT[],
    "secret_ciphertext" TEXT NOT NULL,
    "previous_secret_ciphertext" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "disabled_at" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "lease_until" TIMESTAMPTZ(3),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "scope_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "dedupe_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "seq" BIGSERIAL NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "last_latency_ms" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_scope_id_created_at_idx" ON "webhook_endpoints"("scope_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_events_dedupe_key_key" ON "webhook_events"("dedupe_key");

-- CreateIndex
CREATE INDEX "webhook_events_created_at_idx" ON "webhook_events"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_seq_key" ON "webhook_deliveries"("seq");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_status_seq_idx" ON "webhook_deliveries"("endpoint_id", "status", "seq");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_scope_id_fkey" FOREIGN KEY ("scope_id") REFERENCES "scopes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Events are written by triggers in the transaction of the change they report (an outbox): a sync run
-- that finished, a consent that ended, an account tracked. Nothing is written for a scope whose
-- endpoints do not subscribe to the type. lib/webhooks/deliver.ts sends them, in order per endpoint.
-- Returns whether an event was written (false: no subscriber, or its dedupe key was already used).
CREATE FUNCTION webhook_emit(scope uuid, kind text, body jsonb, dedupe text DEFAULT NULL) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  event uuid;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE scope_id = scope AND enabled AND kind = ANY (events)) THEN
    RETURN false;
  END IF;
  INSERT INTO webhook_events (scope_id, type, payload, dedupe_key) VALUES (scope, kind, body, dedupe)
  ON CONFLICT (dedupe_key) DO NOTHING RETURNING id INTO event;
  IF event IS NULL THEN
    RETURN false;
  END IF;
  INSERT INTO webhook_deliveries (endpoint_id, event_id)
  SELECT id, event FROM webhook_endpoints WHERE scope_id = scope AND enabled AND kind = ANY (events) ORDER BY id;
  RETURN true;
END $$;

-- Where the account's change feed stood when a run first started: its changes come after it.
CREATE FUNCTION sync_runs_feed_from() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.feed_from := coalesce(greatest(
    (SELECT max(change_seq) FROM transactions WHERE account_id = NEW.account_id),
    (SELECT max(seq) FROM transaction_tombstones WHERE account_id = NEW.account_id)), 0);
  RETURN NEW;
END $$;
CREATE TRIGGER sync_runs_feed_from BEFORE UPDATE OF state ON sync_runs
  FOR EACH ROW WHEN (NEW.state = 'running' AND NEW.feed_from IS NULL) EXECUTE FUNCTION sync_runs_feed_from();

CREATE FUNCTION sync_runs_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'succeeded' AND NEW.added + NEW.updated + NEW.removed + NEW.reissued > 0 THEN
    PERFORM webhook_emit(NEW.scope_id, 'transactions.changed', jsonb_build_object(
      'accountId', NEW.account_id, 'syncRunId', NEW.id, 'added', NEW.added,
      'modified', NEW.updated + NEW.reissued, 'removed', NEW.removed, 'feedFrom', coalesce(NEW.feed_from, 0)::text));
  ELSIF NEW.state = 'failed' THEN
    PERFORM webhook_emit(NEW.scope_id, 'sync.failed', jsonb_build_object(
      'accountId', NEW.account_id, 'syncRunId', NEW.id, 'message', NEW.last_error));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER sync_runs_webhooks AFTER UPDATE OF state ON sync_runs
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state AND NEW.state IN ('succeeded', 'failed'))
  EXECUTE FUNCTION sync_runs_webhooks();

CREATE FUNCTION consents_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit(NEW.scope_id, 'consent.ended', jsonb_build_object(
    'consentId', NEW.id, 'status', NEW.status::text, 'reason', NEW.status_reason, 'bankName', NEW.bank_name));
  RETURN NULL;
END $$;
CREATE TRIGGER consents_webhooks AFTER UPDATE OF status ON consents
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('expired', 'revoked'))
  EXECUTE FUNCTION consents_webhooks();

CREATE FUNCTION tracked_accounts_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit(NEW.scope_id, 'account.tracked', jsonb_build_object(
    'accountId', NEW.id, 'consentId', NEW.consent_id, 'bankName', NEW.bank_name, 'name', NEW.name,
    'currency', NEW.currency));
  RETURN NULL;
END $$;
CREATE TRIGGER tracked_accounts_webhooks AFTER INSERT ON tracked_accounts
  FOR EACH ROW EXECUTE FUNCTION tracked_accounts_webhooks();

