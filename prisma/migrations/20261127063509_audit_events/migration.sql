-- CreateTable
CREATE TABLE "audit_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "seq" BIGSERIAL NOT NULL,
    "scope_id" UUID NOT NULL,
    "occurred_at" TIMESTAMPTZ(6) NOT NULL DEFAULT clock_timestamp(),
    "actor_kind" TEXT NOT NULL,
    "actor_user_id" UUID,
    "actor_token_id" UUID,
    "action" TEXT NOT NULL,
    "record_type" TEXT NOT NULL,
    "record_id" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "request_id" TEXT,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "audit_events_seq_key" ON "audit_events"("seq");

-- CreateIndex
CREATE INDEX "audit_events_scope_id_seq_idx" ON "audit_events"("scope_id", "seq");

-- CreateIndex
CREATE INDEX "audit_events_scope_id_action_seq_idx" ON "audit_events"("scope_id", "action", "seq");

-- CreateIndex
CREATE INDEX "audit_events_scope_id_record_id_seq_idx" ON "audit_events"("scope_id", "record_id", "seq");

-- CreateIndex
CREATE INDEX "audit_events_scope_id_actor_user_id_seq_idx" ON "audit_events"("scope_id", "actor_user_id", "seq");

-- CreateIndex
CREATE INDEX "audit_events_scope_id_actor_token_id_seq_idx" ON "audit_events"("scope_id", "actor_token_id", "seq");

-- CreateIndex
CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events"("occurred_at");

-- Append-only, enforced here rather than by REVOKE: the application connects as the tables' owner
-- (the embedded cluster's superuser), whose privileges a REVOKE cannot take away for good, while a
-- trigger holds for every role. UPDATE is always refused. DELETE and TRUNCATE are refused unless the
-- transaction marked itself as the retention purge (lib/audit/retention.ts sets the transaction-local
-- setting ledgerlink.audit_purge = 'on' and deletes only rows past AUDIT_RETENTION_DAYS).
CREATE FUNCTION audit_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' AND current_setting('ledgerlink.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege',
          HINT = 'Rows are only ever added; the retention purge removes old ones.';
END
$$;

CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
