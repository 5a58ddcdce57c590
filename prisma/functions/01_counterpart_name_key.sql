-- The normalised-name match key: lower case, dots dropped (B.V. → bv, bol.com → bolcom), a store
-- number with what follows it dropped (ALBERT HEIJN 1234 AMSTERDAM → albert heijn), punctuation to
-- spaces, legal forms dropped. NULL when nothing is left.
CREATE OR REPLACE FUNCTION counterpart_name_key(raw text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
           lower(translate(raw, '.', '')),
           '\s\d{3,}\s.*$', ''),
           '[^[:alnum:]]+', ' ', 'g'),
           '(^| )(bv|nv|gmbh|ltd|limited|sa|sas|sarl|srl|spa|ag|ab|se|plc|inc|llc|bvba|vof|cie|sca|et|co)(?= |$)', ' ', 'g'),
           ' +', ' ', 'g')), '')
$$;
