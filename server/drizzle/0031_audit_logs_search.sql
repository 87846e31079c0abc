-- The Bitácoras search (issue 35): module, event and every old and new value of an entry as one
-- text, contains-searched by trigram (pg_trgm, migration 0005). drizzle-kit wrote the index; the
-- function is written by hand (drizzle-kit does not model functions): keep it when regenerating.
-- Values are joined by newlines, which a search box cannot type, so a match never spans two values.
CREATE OR REPLACE FUNCTION audit_log_search_text(log_name varchar, description varchar, properties jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT log_name || E'\n' || description || coalesce(
    (SELECT string_agg(E'\n' || (value #>> '{}'), '')
     FROM (SELECT jsonb_path_query(properties, 'lax $.old.*') AS value
           UNION ALL SELECT jsonb_path_query(properties, 'lax $.attributes.*')) AS entry_values),
    '')
$$;--> statement-breakpoint
CREATE INDEX "audit_logs_search_trgm_idx" ON "audit_logs" USING gin (audit_log_search_text("log_name", "description", "properties") gin_trgm_ops);
