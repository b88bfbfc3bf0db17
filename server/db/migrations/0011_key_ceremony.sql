CREATE TABLE "ceremony_trustees" (
	"election_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" text,
	"role" text NOT NULL,
	"nama_lengkap" text NOT NULL,
	"cert" text,
	"polynomial" text,
	"voutput" text,
	"key_check_nonce" text NOT NULL,
	"key_checked_at" timestamp with time zone,
	CONSTRAINT "ceremony_trustees_election_id_position_pk" PRIMARY KEY("election_id","position"),
	CONSTRAINT "ceremony_trustees_role" CHECK ("ceremony_trustees"."role" in ('panitia', 'saksi'))
);
--> statement-breakpoint
CREATE TABLE "election_witnesses" (
	"election_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"candidate_id" uuid NOT NULL,
	"nama_lengkap" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "election_witnesses_election_id_user_id_pk" PRIMARY KEY("election_id","user_id"),
	CONSTRAINT "election_witnesses_candidate_unique" UNIQUE("candidate_id")
);
--> statement-breakpoint
CREATE TABLE "key_ceremonies" (
	"election_id" uuid PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"threshold" integer NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parameters" text,
	"completed_at" timestamp with time zone,
	CONSTRAINT "key_ceremonies_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD COLUMN "role" text DEFAULT 'panitia' NOT NULL;--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD COLUMN "candidate_id" uuid;--> statement-breakpoint
ALTER TABLE "ceremony_trustees" ADD CONSTRAINT "ceremony_trustees_election_id_key_ceremonies_election_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."key_ceremonies"("election_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceremony_trustees" ADD CONSTRAINT "ceremony_trustees_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_witnesses" ADD CONSTRAINT "election_witnesses_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_witnesses" ADD CONSTRAINT "election_witnesses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_witnesses" ADD CONSTRAINT "election_witnesses_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_ceremonies" ADD CONSTRAINT "key_ceremonies_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_ceremonies" ADD CONSTRAINT "key_ceremonies_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ceremony_trustees_user_idx" ON "ceremony_trustees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "election_witnesses_user_idx" ON "election_witnesses" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD CONSTRAINT "committee_invitations_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD CONSTRAINT "committee_invitations_role" CHECK (("committee_invitations"."role" = 'panitia' and "committee_invitations"."candidate_id" is null) or ("committee_invitations"."role" = 'saksi' and "committee_invitations"."candidate_id" is not null));