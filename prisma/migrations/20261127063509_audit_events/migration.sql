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

-- Append-only: triggers refuse UPDATE, and DELETE and TRUNCATE outside the retention purge.
-- Its functions and triggers now live in prisma/functions/10_audit_append_only.sql, applied after
-- the migrations and again whenever it changes; databases that ran the original text are accepted
-- by its checksum (rewritten.json).
