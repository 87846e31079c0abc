-- The audit log is append-only for the application (docs/decisions.md, "Trust (issue 35): tamper-evident audit log").
-- A writer inserts content only: the chain columns are the chainer's (modules/logs/chain.ts), which may
-- fill them once on a row not yet chained, changing nothing else. Backup restore loads rows with
-- session_replication_role = replica, where these triggers do not fire.
CREATE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.chain_position := NULL;
    NEW.previous_hash := NULL;
    NEW.hash := NULL;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
     AND (NEW.id, NEW.log_name, NEW.description, NEW.subject_type, NEW.subject_id, NEW.causer_id, NEW.properties, NEW.error_message, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.log_name, OLD.description, OLD.subject_type, OLD.subject_id, OLD.causer_id, OLD.properties, OLD.error_message, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'La bitácora solo admite agregar entradas (% rechazado)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_logs_append_only" BEFORE INSERT OR UPDATE OR DELETE ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs" FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_append_only"();
