-- Webhook events are written by the moves that cause them (lib/accounttracking/consents/lifecycle.ts,
-- lib/sync/run-lifecycle.ts, lib/accounttracking/accounts/track-account.ts) into the outbox
-- (lib/webhooks/outbox.ts), and a run's feed position by its claim: the triggers that did it go.
DROP TRIGGER IF EXISTS "sync_runs_webhooks" ON "sync_runs";
DROP TRIGGER IF EXISTS "sync_runs_feed_from" ON "sync_runs";
DROP TRIGGER IF EXISTS "consents_webhooks" ON "consents";
DROP TRIGGER IF EXISTS "tracked_accounts_webhooks" ON "tracked_accounts";
DROP FUNCTION IF EXISTS "sync_runs_webhooks"();
DROP FUNCTION IF EXISTS "sync_runs_feed_from"();
DROP FUNCTION IF EXISTS "consents_webhooks"();
DROP FUNCTION IF EXISTS "tracked_accounts_webhooks"();
DROP FUNCTION IF EXISTS "webhook_emit"(uuid, text, jsonb, text);
