ALTER TABLE "elections" ADD COLUMN "reminder_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "opening_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "reminder_mailed_at" timestamp with time zone;--> statement-breakpoint
-- Elections already under way when this arrives are not announced late.
UPDATE "elections" SET "opening_mailed_at" = now() WHERE "starts_at" <= now();
