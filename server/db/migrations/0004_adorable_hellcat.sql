CREATE TYPE "public"."election_status" AS ENUM('draft', 'ready', 'published', 'archived');--> statement-breakpoint
CREATE TYPE "public"."election_request_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."election_results_release" AS ENUM('on-close', 'manual');--> statement-breakpoint
CREATE TYPE "public"."election_roll_mode" AS ENUM('all', 'prodi', 'angkatan', 'roll');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"election_id" uuid,
	"summary" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_log_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "ballots" (
	"receipt_hash" text PRIMARY KEY NOT NULL,
	"election_id" uuid NOT NULL,
	"choice" text NOT NULL,
	"format" smallint NOT NULL,
	"digest" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"election_id" uuid NOT NULL,
	"nomor_urut" integer NOT NULL,
	"nama_ketua" text NOT NULL,
	"nama_wakil" text DEFAULT '' NOT NULL,
	"visi" text DEFAULT '' NOT NULL,
	"misi" text DEFAULT '' NOT NULL,
	"foto" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidates_election_nomor_unique" UNIQUE("election_id","nomor_urut")
);
--> statement-breakpoint
CREATE TABLE "committee_invitations" (
	"code" text PRIMARY KEY NOT NULL,
	"election_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "committee_members" (
	"election_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"nama_lengkap" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committee_members_election_id_user_id_pk" PRIMARY KEY("election_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "election_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nama_pemilihan" text NOT NULL,
	"penyelenggara" text NOT NULL,
	"deskripsi" text NOT NULL,
	"waktu_mulai" timestamp with time zone NOT NULL,
	"waktu_selesai" timestamp with time zone NOT NULL,
	"nama_pemohon" text NOT NULL,
	"email_pemohon" text NOT NULL,
	"status" "election_request_status" DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"election_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "election_roll" (
	"election_id" uuid NOT NULL,
	"nim" text NOT NULL,
	"prodi" text,
	CONSTRAINT "election_roll_election_id_nim_pk" PRIMARY KEY("election_id","nim")
);
--> statement-breakpoint
CREATE TABLE "elections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"organizer" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "election_status" DEFAULT 'draft' NOT NULL,
	"kotak_kosong" boolean DEFAULT true NOT NULL,
	"abstain" boolean DEFAULT false NOT NULL,
	"roll_mode" "election_roll_mode" DEFAULT 'all' NOT NULL,
	"roll_prodi" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"roll_years" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"results_release" "election_results_release" DEFAULT 'on-close' NOT NULL,
	"ballot_format" smallint DEFAULT 1 NOT NULL,
	"locked_at" timestamp with time zone,
	"roll_size" integer,
	"ballot_chain_head" text,
	"published_at" timestamp with time zone,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "elections_schedule" CHECK ("elections"."ends_at" > "elections"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "participation" (
	"election_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"nim" text NOT NULL,
	"prodi" text NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participation_election_id_user_id_pk" PRIMARY KEY("election_id","user_id"),
	CONSTRAINT "participation_election_nim_unique" UNIQUE("election_id","nim")
);
--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD CONSTRAINT "committee_invitations_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD CONSTRAINT "committee_invitations_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_requests" ADD CONSTRAINT "election_requests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_roll" ADD CONSTRAINT "election_roll_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation" ADD CONSTRAINT "participation_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation" ADD CONSTRAINT "participation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_election_idx" ON "audit_log" USING btree ("election_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ballots_election_choice_idx" ON "ballots" USING btree ("election_id","choice");--> statement-breakpoint
CREATE INDEX "committee_invitations_election_idx" ON "committee_invitations" USING btree ("election_id");--> statement-breakpoint
CREATE INDEX "committee_members_user_idx" ON "committee_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "election_requests_status_idx" ON "election_requests" USING btree ("status","created_at");