CREATE TABLE "audited_ballots" (
	"election_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"tracker" text NOT NULL,
	"credential" text NOT NULL,
	"body" text NOT NULL,
	"audited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audited_ballots_election_id_position_pk" PRIMARY KEY("election_id","position"),
	CONSTRAINT "audited_ballots_tracker_unique" UNIQUE("election_id","tracker")
);
--> statement-breakpoint
ALTER TABLE "audited_ballots" ADD CONSTRAINT "audited_ballots_election_id_election_records_election_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."election_records"("election_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audited_ballots_credential_idx" ON "audited_ballots" USING btree ("election_id","credential");--> statement-breakpoint
-- Opened ballots are published as they were opened: the database refuses to edit or delete them.
CREATE TRIGGER audited_ballots_append_only BEFORE UPDATE OR DELETE ON audited_ballots
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER audited_ballots_no_truncate BEFORE TRUNCATE ON audited_ballots
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
