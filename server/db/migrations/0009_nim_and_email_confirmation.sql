ALTER TABLE "voters" DROP CONSTRAINT "voters_nim_format";--> statement-breakpoint
ALTER TABLE "voters" ADD CONSTRAINT "voters_nim_format" CHECK ("voters"."nim" ~ '^[0-9]{1,12}$');--> statement-breakpoint
-- NIMs are stored without leading zeros (shared/nim.ts). Registrations whose NIM no roll of a
-- locked election and no participation names yet take the new form, unless another voter already
-- holds it; the others keep their spelling (history names them that way), and the product matches
-- them on either spelling.
UPDATE "voters" v SET "nim" = ltrim(v."nim", '0')
WHERE v."nim" LIKE '0%' AND ltrim(v."nim", '0') <> ''
  AND NOT EXISTS (SELECT 1 FROM "voters" o WHERE o."nim" = ltrim(v."nim", '0'))
  AND NOT EXISTS (SELECT 1 FROM "participation" p WHERE p."nim" = v."nim")
  AND NOT EXISTS (
    SELECT 1 FROM "election_roll" r JOIN "elections" e ON e."id" = r."election_id"
    WHERE r."nim" = v."nim" AND e."status" <> 'draft'
  );--> statement-breakpoint
-- The imported rolls of draft elections take the new form too (a NIM written both ways once).
DELETE FROM "election_roll" r USING "elections" e
WHERE e."id" = r."election_id" AND e."status" = 'draft' AND r."nim" LIKE '0%'
  AND EXISTS (
    SELECT 1 FROM "election_roll" o
    WHERE o."election_id" = r."election_id" AND o."nim" = ltrim(r."nim", '0')
  );--> statement-breakpoint
UPDATE "election_roll" r SET "nim" = ltrim(r."nim", '0') FROM "elections" e
WHERE e."id" = r."election_id" AND e."status" = 'draft' AND r."nim" LIKE '0%'
  AND ltrim(r."nim", '0') <> '';--> statement-breakpoint
-- Registration now asks for the address to be confirmed through a mailed link before the account
-- can sign in. Accounts made before that rule signed in without it and keep doing so.
UPDATE "user" SET "email_verified" = true WHERE "email_verified" = false;--> statement-breakpoint
-- Committee invitation codes are now always sent to one address; an unused code sent to none is
-- withdrawn (the master issues a new one for a named person).
UPDATE "committee_invitations" SET "revoked_at" = now()
WHERE "email" IS NULL AND "used_at" IS NULL AND "revoked_at" IS NULL;
