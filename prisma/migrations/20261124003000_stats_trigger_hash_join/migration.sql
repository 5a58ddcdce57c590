-- The stats-version trigger on UPDATE pairs each statement's old and new rows by id. Transition
-- tables carry no statistics, so the planner takes each for one row and joins them in a nested loop:
-- 1,000 × 1,000 comparisons on every page a sync upserts or assigns (0.6 s a page, most of a re-sync's
-- time). With nested loops off inside this function the pairing is a hash join, linear in the rows.
ALTER FUNCTION transactions_stats_updated() SET enable_nestloop = off;
