-- Tell every listening app instance when a person's own records change, whoever wrote them,
-- so open screens update live (server/live). The payload is only the account id.
CREATE OR REPLACE FUNCTION notify_person_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('person_changed', COALESCE(NEW.user_id, OLD.user_id));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER admins_person_changed AFTER INSERT OR UPDATE OR DELETE ON admins
  FOR EACH ROW EXECUTE FUNCTION notify_person_changed();
--> statement-breakpoint
CREATE TRIGGER voters_person_changed AFTER INSERT OR UPDATE OR DELETE ON voters
  FOR EACH ROW EXECUTE FUNCTION notify_person_changed();
