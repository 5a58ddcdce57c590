-- transactions.search_text (migration transaction_search_text), a stored generated column, calls
-- transaction_tags_text for the person's tags. No table fires anything here; every writer keeps the
-- column current because the database computes it.
-- array_to_string is STABLE (it may call any element type's output function), which a generated
-- column may not call; for text[] its result depends on the argument alone. The migration that adds
-- the column names this file on a `-- needs function file:` line, so the runner applies it before
-- that migration (lib/db/migrate.ts): keep it free of references to tables, which may not exist yet
-- at that point of a fresh install. The column keeps what the function returned when the row was
-- written, so a change to it needs a migration that rewrites the column as well.
CREATE OR REPLACE FUNCTION transaction_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_to_string(tags, ' ');
