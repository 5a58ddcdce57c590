-- Webhook events written by triggers, moved here unchanged from migration webhooks. TEMPORARY: they are
-- being replaced by events the moves emit from TypeScript; this file is then deleted and a migration
-- drops its objects. Until then:
--   sync_runs         sync_runs_feed_from        BEFORE UPDATE OF state, per row, when a run first starts  sync_runs_feed_from
--   sync_runs         sync_runs_webhooks         AFTER UPDATE OF state, per row, when it succeeded or failed  sync_runs_webhooks
--   consents          consents_webhooks          AFTER UPDATE OF status, per row, when it expired or was revoked  consents_webhooks
--   tracked_accounts  tracked_accounts_webhooks  AFTER INSERT, per row                                    tracked_accounts_webhooks
-- Events are written in the transaction of the change they report (an outbox): a sync run that
-- finished, a consent that ended, an account tracked. Nothing is written for a scope whose endpoints
-- do not subscribe to the type. lib/webhooks/deliver.ts sends them, in order per endpoint.

-- Returns whether an event was written (false: no subscriber, or its dedupe key was already used).
CREATE OR REPLACE FUNCTION webhook_emit(scope uuid, kind text, body jsonb, dedupe text DEFAULT NULL) RETURNS boolean
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
CREATE OR REPLACE FUNCTION sync_runs_feed_from() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.feed_from := coalesce(greatest(
    (SELECT max(change_seq) FROM transactions WHERE account_id = NEW.account_id),
    (SELECT max(seq) FROM transaction_tombstones WHERE account_id = NEW.account_id)), 0);
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER sync_runs_feed_from BEFORE UPDATE OF state ON sync_runs
  FOR EACH ROW WHEN (NEW.state = 'running' AND NEW.feed_from IS NULL) EXECUTE FUNCTION sync_runs_feed_from();

CREATE OR REPLACE FUNCTION sync_runs_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER sync_runs_webhooks AFTER UPDATE OF state ON sync_runs
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state AND NEW.state IN ('succeeded', 'failed'))
  EXECUTE FUNCTION sync_runs_webhooks();

CREATE OR REPLACE FUNCTION consents_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit(NEW.scope_id, 'consent.ended', jsonb_build_object(
    'consentId', NEW.id, 'status', NEW.status::text, 'reason', NEW.status_reason, 'bankName', NEW.bank_name));
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER consents_webhooks AFTER UPDATE OF status ON consents
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('expired', 'revoked'))
  EXECUTE FUNCTION consents_webhooks();

CREATE OR REPLACE FUNCTION tracked_accounts_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit(NEW.scope_id, 'account.tracked', jsonb_build_object(
    'accountId', NEW.id, 'consentId', NEW.consent_id, 'bankName', NEW.bank_name, 'name', NEW.name,
    'currency', NEW.currency));
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER tracked_accounts_webhooks AFTER INSERT ON tracked_accounts
  FOR EACH ROW EXECUTE FUNCTION tracked_accounts_webhooks();
