-- assign_counterparts filters with `p_external_ids IS NULL OR external_id = ANY(p_external_ids)`.
-- After five calls plpgsql switches to a generic plan, which cannot fold that test and scans every
-- row of the account on each page (quadratic over a long sync). Custom plans cost a little planning
-- per statement and keep the (account_id, external_id) index lookups.
ALTER FUNCTION assign_counterparts(uuid, uuid, text[]) SET plan_cache_mode = force_custom_plan;
