ALTER TABLE "media_files" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" DROP CONSTRAINT "media_files_media_id_key_pk";--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_media_id_key_part_pk" PRIMARY KEY("media_id","key","part");--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_publicKey_unique" UNIQUE("public_key");
