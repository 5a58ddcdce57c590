-- audit_events is append-only (lib/audit):
--   audit_events  audit_events_no_update    BEFORE UPDATE, per row         audit_events_append_only
--   audit_events  audit_events_no_delete    BEFORE DELETE, per row         audit_events_append_only
--   audit_events  audit_events_no_truncate  BEFORE TRUNCATE, per statement  audit_events_append_only
-- Enforced by triggers rather than by REVOKE: the application connects as the tables' owner (the
-- embedded cluster's superuser), whose privileges a REVOKE cannot take away for good, while a trigger
-- holds for every role. UPDATE is always refused. DELETE and TRUNCATE are refused unless the
-- transaction marked itself as the retention purge (lib/audit/retention.ts sets the transaction-local
-- setting ledgerlink.audit_purge = 'on' and deletes only rows past AUDIT_RETENTION_DAYS).
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger
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

CREATE OR REPLACE TRIGGER audit_events_no_update BEFORE UPDATE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE OR REPLACE TRIGGER audit_events_no_delete BEFORE DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE OR REPLACE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
