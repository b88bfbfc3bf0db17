CREATE TABLE "file_chunks" (
	"hash" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_hash_seq_pk" PRIMARY KEY("hash","seq")
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_hash_files_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."files"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Images and documents arrive compressed already: stored out of line without another attempt.
ALTER TABLE "file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
