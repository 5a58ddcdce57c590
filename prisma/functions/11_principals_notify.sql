-- Who a bearer token is and which scopes a person belongs to may be kept in each app process for a
-- few seconds (lib/auth/principal-cache.ts). Every change that could make what was kept wrong is
-- announced on `principals_changed`, at commit, to the processes listening: `t:<token id>`,
-- `u:<user id>`, `s:<scope id>`, or `*` (everything). All call principals_changed_notify:
--   api_tokens   api_tokens_principals_changed     AFTER UPDATE, per row, when revoked, expiry, kind, person, scope, role or hash moved
--   api_tokens   api_tokens_principals_deleted     AFTER DELETE, per row
--   api_tokens   api_tokens_principals_truncated   AFTER TRUNCATE, per statement
--   memberships  memberships_principals_changed    AFTER INSERT OR DELETE, per row
--   memberships  memberships_principals_updated    AFTER UPDATE, per row, when person, scope or role moved
--   memberships  memberships_principals_truncated  AFTER TRUNCATE, per statement
--   users        users_principals_deleted          AFTER DELETE, per row
--   users        users_credentials_changed         AFTER UPDATE, per row, when the credentials generation moved
--   users        users_principals_truncated        AFTER TRUNCATE, per statement
--   scopes       scopes_principals_changed         AFTER UPDATE, per row, when name or age moved
--   scopes       scopes_principals_deleted         AFTER DELETE, per row
--   scopes       scopes_principals_truncated       AFTER TRUNCATE, per statement
-- Row triggers with a WHEN, so that the frequent writes that change nothing kept (a token's last-used
-- time, a new token, a new scope without members) announce nothing; the same payload twice in a
-- transaction is delivered once.
CREATE OR REPLACE FUNCTION principals_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('principals_changed', '*'); -- TRUNCATE
  ELSIF TG_TABLE_NAME = 'api_tokens' THEN
    PERFORM pg_notify('principals_changed', 't:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'memberships' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('principals_changed', 'u:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('principals_changed', 'u:' || NEW.user_id); END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('principals_changed', 'u:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'scopes' THEN
    PERFORM pg_notify('principals_changed', 's:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;

-- A token: revoked, expiry moved, rebound, or deleted (inserts announce nothing: nothing kept).
CREATE OR REPLACE TRIGGER api_tokens_principals_changed AFTER UPDATE ON api_tokens FOR EACH ROW
  WHEN ((OLD.revoked_at, OLD.expires_at, OLD.kind, OLD.user_id, OLD.scope_id, OLD.role, OLD.token_hash)
        IS DISTINCT FROM (NEW.revoked_at, NEW.expires_at, NEW.kind, NEW.user_id, NEW.scope_id, NEW.role, NEW.token_hash))
  EXECUTE FUNCTION principals_changed_notify();
CREATE OR REPLACE TRIGGER api_tokens_principals_deleted AFTER DELETE ON api_tokens FOR EACH ROW
  EXECUTE FUNCTION principals_changed_notify();

-- A membership: added, its role or person changed, removed.
CREATE OR REPLACE TRIGGER memberships_principals_changed AFTER INSERT OR DELETE ON memberships FOR EACH ROW
  EXECUTE FUNCTION principals_changed_notify();
CREATE OR REPLACE TRIGGER memberships_principals_updated AFTER UPDATE ON memberships FOR EACH ROW
  WHEN ((OLD.user_id, OLD.scope_id, OLD.role) IS DISTINCT FROM (NEW.user_id, NEW.scope_id, NEW.role))
  EXECUTE FUNCTION principals_changed_notify();

-- A person deleted (their tokens and memberships go with them, announced by their own triggers too).
CREATE OR REPLACE TRIGGER users_principals_deleted AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION principals_changed_notify();

-- A person's credentials generation bumped (a password change or reset, "sign out everywhere"):
-- their sessions and sign-in tokens kept anywhere must be checked again.
CREATE OR REPLACE TRIGGER users_credentials_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.credentials_generation IS DISTINCT FROM NEW.credentials_generation)
  EXECUTE FUNCTION principals_changed_notify();

-- A scope renamed or deleted: its name and age are part of the memberships kept.
CREATE OR REPLACE TRIGGER scopes_principals_changed AFTER UPDATE ON scopes FOR EACH ROW
  WHEN ((OLD.name, OLD.created_at) IS DISTINCT FROM (NEW.name, NEW.created_at))
  EXECUTE FUNCTION principals_changed_notify();
CREATE OR REPLACE TRIGGER scopes_principals_deleted AFTER DELETE ON scopes FOR EACH ROW
  EXECUTE FUNCTION principals_changed_notify();

CREATE OR REPLACE TRIGGER api_tokens_principals_truncated AFTER TRUNCATE ON api_tokens FOR EACH STATEMENT
  EXECUTE FUNCTION principals_changed_notify();
CREATE OR REPLACE TRIGGER memberships_principals_truncated AFTER TRUNCATE ON memberships FOR EACH STATEMENT
  EXECUTE FUNCTION principals_changed_notify();
CREATE OR REPLACE TRIGGER users_principals_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT
  EXECUTE FUNCTION principals_changed_notify();
CREATE OR REPLACE TRIGGER scopes_principals_truncated AFTER TRUNCATE ON scopes FOR EACH STATEMENT
  EXECUTE FUNCTION principals_changed_notify();
