ALTER TABLE "elections" ADD COLUMN "reminder_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "opening_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "reminder_mailed_at" timestamp with time zone;--> statement-breakpoint
-- Locked elections already under way when this arrives are not announced late (a draft whose
-- start has passed must be rescheduled before its lock, and is announced when it opens).
UPDATE "elections" SET "opening_mailed_at" = now() WHERE "status" <> 'draft' AND "starts_at" <= now();
