-- The audit log written and linked only through functions (docs/decisions.md, "The audit log's writers and its head (issue 46)").
-- audit_log_append: the only insert the hardened role (README) may make. The causer is the
-- session's (recaudo.causer_id, set by the application for the statement or transaction, empty
-- for the system) and the time the transaction's now(): an entry cannot be back-dated or given
-- another user per row. SECURITY DEFINER runs it with the owner's rights; the search path is fixed
-- so that no table of the caller's (a temporary one) stands in for the log.
CREATE FUNCTION "audit_log_append"(entries jsonb) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO audit_logs (log_name, description, subject_type, subject_id, causer_id, properties, error_message, created_at)
  SELECT entry.log_name, entry.description, entry.subject_type, entry.subject_id,
         nullif(current_setting('recaudo.causer_id', true), '')::integer,
         coalesce(entry.properties, '{}'::jsonb), entry.error_message, now()
  FROM ROWS FROM (jsonb_to_recordset(entries) AS (log_name varchar, description varchar, subject_type varchar, subject_id integer, properties jsonb, error_message text))
       WITH ORDINALITY AS entry(log_name, description, subject_type, subject_id, properties, error_message, place)
  ORDER BY entry.place;
END
$$;
--> statement-breakpoint
-- audit_chain_link: the chainer's only way to link entries and move the head (modules/logs/chain.ts).
-- It takes links that continue the stored head one position at a time, from a head that is the
-- last linked entry, fills them on entries not linked yet, and moves the head to the last one.
CREATE FUNCTION "audit_chain_link"(links jsonb) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  head_position bigint;
  head_hash text;
  last_position bigint;
  last_hash text;
  linked bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7305035);
  SELECT position, hash INTO head_position, head_hash FROM audit_chain_head WHERE id = 1;
  SELECT chain_position, hash INTO last_position, last_hash FROM audit_logs WHERE chain_position IS NOT NULL ORDER BY chain_position DESC LIMIT 1;
  IF (head_position, head_hash) IS DISTINCT FROM (last_position, last_hash) THEN
    RAISE EXCEPTION 'La cabeza de la cadena de la bitácora no es su última entrada: no se enlaza nada' USING ERRCODE = 'data_exception';
  END IF;
  head_position := coalesce(head_position, 0);
  head_hash := coalesce(head_hash, repeat('0', 64));
  IF EXISTS (
    SELECT 1 FROM (
      SELECT link.position, link.previous_hash,
             lag(link.position, 1, head_position) OVER (ORDER BY link.position) AS before_position,
             lag(link.hash, 1, head_hash) OVER (ORDER BY link.position) AS before_hash
      FROM jsonb_to_recordset(links) AS link(position bigint, previous_hash text, hash text)
    ) AS step
    WHERE step.position IS DISTINCT FROM step.before_position + 1 OR step.previous_hash IS DISTINCT FROM step.before_hash
  ) THEN
    RAISE EXCEPTION 'Los enlaces no continúan la cadena de la bitácora desde la posición %', head_position USING ERRCODE = 'data_exception';
  END IF;
  UPDATE audit_logs SET chain_position = link.position, previous_hash = link.previous_hash, hash = link.hash
  FROM jsonb_to_recordset(links) AS link(id integer, position bigint, previous_hash text, hash text)
  WHERE audit_logs.id = link.id AND audit_logs.chain_position IS NULL;
  GET DIAGNOSTICS linked = ROW_COUNT;
  IF linked <> jsonb_array_length(links) THEN
    RAISE EXCEPTION 'Solo se pueden enlazar entradas de la bitácora aún sin enlazar' USING ERRCODE = 'data_exception';
  END IF;
  INSERT INTO audit_chain_head (id, position, hash)
  SELECT 1, link.position, link.hash FROM jsonb_to_recordset(links) AS link(position bigint, hash text) ORDER BY link.position DESC LIMIT 1
  ON CONFLICT (id) DO UPDATE SET position = excluded.position, hash = excluded.hash;
END
$$;
--> statement-breakpoint
-- The head is the chain's last linked entry and only moves forward: a row for id 1 whose position
-- and hash are those of a linked entry, never deleted. Backup restore loads it with
-- session_replication_role = replica, where this does not fire.
CREATE FUNCTION "audit_chain_head_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refused boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    refused := NEW.position < OLD.position;
  END IF;
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    refused := true;
  ELSIF NEW.id <> 1 OR NOT EXISTS (SELECT 1 FROM audit_logs WHERE chain_position = NEW.position AND hash = NEW.hash) THEN
    refused := true;
  END IF;
  IF refused THEN
    RAISE EXCEPTION 'La cabeza de la cadena de la bitácora solo avanza a su última entrada enlazada (% rechazado)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_forward_only" BEFORE INSERT OR UPDATE OR DELETE ON "audit_chain_head" FOR EACH ROW EXECUTE FUNCTION "audit_chain_head_forward_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_no_truncate" BEFORE TRUNCATE ON "audit_chain_head" FOR EACH STATEMENT EXECUTE FUNCTION "audit_chain_head_forward_only"();
