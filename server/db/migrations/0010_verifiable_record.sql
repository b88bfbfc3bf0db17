CREATE TABLE "election_credentials" (
	"election_id" uuid NOT NULL,
	"nim" text NOT NULL,
	"credential" text,
	"public_credential" text NOT NULL,
	CONSTRAINT "election_credentials_election_id_nim_pk" PRIMARY KEY("election_id","nim"),
	CONSTRAINT "election_credentials_public_unique" UNIQUE("election_id","public_credential")
);
--> statement-breakpoint
CREATE TABLE "election_records" (
	"election_id" uuid PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"election_text" text NOT NULL,
	"fingerprint" text NOT NULL,
	"server_secret" text NOT NULL,
	"credentials_fingerprint" text NOT NULL,
	"credentials_count" integer NOT NULL,
	"head_hash" text NOT NULL,
	"head_height" integer NOT NULL,
	"entry_count" integer NOT NULL,
	"ballots_ended" boolean DEFAULT false NOT NULL,
	"tally_hash" text,
	"tally_height" integer,
	CONSTRAINT "election_records_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "record_entries" (
	"election_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "record_entries_election_id_position_pk" PRIMARY KEY("election_id","position"),
	CONSTRAINT "record_entries_kind" CHECK ("record_entries"."kind" in ('data', 'event'))
);
--> statement-breakpoint
ALTER TABLE "election_credentials" ADD CONSTRAINT "election_credentials_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_records" ADD CONSTRAINT "election_records_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_entries" ADD CONSTRAINT "record_entries_election_id_election_records_election_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."election_records"("election_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_entries_hash_idx" ON "record_entries" USING btree ("election_id","hash");--> statement-breakpoint
-- The public record only grows: the database refuses to edit or delete its entries.
CREATE TRIGGER record_entries_append_only BEFORE UPDATE OR DELETE ON record_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER record_entries_no_truncate BEFORE TRUNCATE ON record_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
