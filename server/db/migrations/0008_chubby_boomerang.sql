ALTER TABLE "committee_invitations" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD COLUMN "used_by" text;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "extended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "extended_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "extension_reason" text;--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD CONSTRAINT "committee_invitations_used_by_user_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;